// A merchant's Playwright config, copied into the scratch project e2e/testing-package.spec.ts
// makes: the sandbox's demo origin from SANDBOX_DEMO_URL, Debian's Chromium (e2e/chromium-launch.ts).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests',
  timeout: 60_000,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'report.json' }]],
  use: {
    baseURL: process.env.SANDBOX_DEMO_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
