import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium-launch';
import { SANDBOX } from './sandbox-urls';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '../reports/e2e.json' }]],
  use: {
    baseURL: SANDBOX.demo,
    browserName: 'chromium',
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'npx tsx demo/main.ts',
    cwd: '..',
    url: `${SANDBOX.api}/sandbox/scenarios`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: {
      SANDBOX_API_PORT: String(SANDBOX.ports.api),
      SANDBOX_3DS_PORT: String(SANDBOX.ports.threeDs),
      SANDBOX_DEMO_PORT: String(SANDBOX.ports.demo),
      SANDBOX_LATENCY_MS: '0',
      // A fresh seeded database per run, never the developer's `.sandbox-data/`.
      SANDBOX_DATA_DIR: 'memory://',
    },
  },
});
