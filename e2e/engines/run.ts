/**
 * `npm run test:engines`: the shared engine scenarios in Firefox ESR (puppeteer-core, WebDriver
 * BiDi) then WebKitGTK (webdriverio, WebDriver Classic), against a sandbox of its own on free
 * ports. Writes `reports/engines.json`, prints `N passed, M failed`, exits non-zero on a failure.
 * Chromium runs the same list in the Playwright suite (`e2e/engines.spec.ts`).
 * `npm run test:engines -- webkit` runs one engine.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { type Sandbox, startSandbox } from '../../demo/sandbox';
import { type EngineName, type EngineSession, within } from './driver';
import { launchFirefox } from './firefox';
import { SCENARIOS } from './scenarios';
import { launchWebKit } from './webkit';

/** A scenario's bound: its own waits are shorter; this catches a driver that hangs. */
const SCENARIO_MS = 60_000;
/** Above the launchers' own bounds (Firefox 30 s; Xvfb 10 s + WebKitWebDriver 20 s + session 30 s). */
const LAUNCH_MS = 90_000;
const REPORT = 'reports/engines.json';

const ENGINES: { engine: EngineName; launch(demoUrl: string): Promise<EngineSession> }[] = [
  { engine: 'firefox', launch: launchFirefox },
  { engine: 'webkit', launch: launchWebKit },
];

interface ScenarioReport {
  name: string;
  status: 'passed' | 'failed';
  durationMs: number;
  error?: string;
}

interface EngineReport {
  engine: EngineName;
  launchMs: number;
  error?: string;
  scenarios: ScenarioReport[];
  passed: number;
  failed: number;
}

const message = (error: unknown) =>
  error instanceof Error ? `${error.message.split('\n').slice(0, 6).join('\n')}` : String(error);

const wanted = process.argv.slice(2);
const selected = ENGINES.filter((e) => wanted.length === 0 || wanted.includes(e.engine));
if (selected.length === 0) {
  console.error(`unknown engine in ${wanted.join(' ')}: pick from firefox, webkit`);
  process.exit(2);
}

let session: EngineSession | undefined;
let sandbox: Sandbox | undefined;
// Ctrl+C or a CI kill: still end the browser, the driver and Xvfb.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: closing browsers…`);
    const force = setTimeout(() => process.exit(130), 15_000);
    force.unref();
    void Promise.allSettled([session?.close(), sandbox?.close()]).then(() => process.exit(130));
  });
}

async function runEngine(
  entry: (typeof ENGINES)[number],
  urls: { api: string; demo: string },
): Promise<EngineReport> {
  const report: EngineReport = {
    engine: entry.engine,
    launchMs: 0,
    scenarios: [],
    passed: 0,
    failed: 0,
  };
  const started = Date.now();
  try {
    session = await within(LAUNCH_MS, `starting ${entry.engine}`, entry.launch(urls.demo));
  } catch (error) {
    // No browser: every scenario counts as failed, so the totals cannot look green.
    report.error = message(error);
    report.scenarios = SCENARIOS.map((s) => ({
      name: s.name,
      status: 'failed',
      durationMs: 0,
      error: `not run: ${report.error}`,
    }));
    report.failed = SCENARIOS.length;
    console.log(`✘ ${entry.engine}: could not start: ${report.error}`);
    return report;
  }
  report.launchMs = Date.now() - started;
  try {
    for (const scenario of SCENARIOS) {
      const t0 = Date.now();
      try {
        await within(
          SCENARIO_MS,
          scenario.name,
          scenario.run({ driver: session.driver, api: urls.api }),
        );
        report.scenarios.push({
          name: scenario.name,
          status: 'passed',
          durationMs: Date.now() - t0,
        });
        report.passed++;
        console.log(`  ✓ ${entry.engine}: ${scenario.name} (${Date.now() - t0} ms)`);
      } catch (error) {
        const text = message(error);
        report.scenarios.push({
          name: scenario.name,
          status: 'failed',
          durationMs: Date.now() - t0,
          error: text,
        });
        report.failed++;
        console.log(`  ✘ ${entry.engine}: ${scenario.name} (${Date.now() - t0} ms)\n    ${text}`);
      }
    }
  } finally {
    await session.close();
    session = undefined;
  }
  return report;
}

const started = Date.now();
const reports: EngineReport[] = [];
try {
  sandbox = await startSandbox({ apiPort: 0, threeDsPort: 0, demoPort: 0, latencyMs: 0 });
  for (const entry of selected) {
    console.log(`\n▶ ${entry.engine}`);
    reports.push(await runEngine(entry, { api: sandbox.apiUrl, demo: sandbox.demoUrl }));
  }
} finally {
  await sandbox?.close();
}

const passed = reports.reduce((n, r) => n + r.passed, 0);
const failed = reports.reduce((n, r) => n + r.failed, 0);
const durationMs = Date.now() - started;
mkdirSync('reports', { recursive: true });
writeFileSync(
  REPORT,
  `${JSON.stringify({ passed, failed, durationMs, engines: reports }, null, 2)}\n`,
);
console.log('');
for (const r of reports) {
  console.log(
    `${r.engine}: ${r.passed} passed, ${r.failed} failed (browser start ${r.launchMs} ms)`,
  );
}
console.log(`engines: ${passed} passed, ${failed} failed in ${(durationMs / 1000).toFixed(1)} s`);
process.exit(failed === 0 ? 0 : 1);
