#!/usr/bin/env node
// `npm test`: every gate and suite, then one line `N passed, M failed` over all suites.
// A gate (typecheck, lint, build) that fails counts as one failure; a suite counts its tests.
// The steps run in three lanes side by side: on CI's two cores the PostgreSQL suite mostly waits
// on its server and e2e on its browsers, so neither needs a core to itself (docs/development.md,
// "CI time"). Each step's output goes to reports/logs/<step>.log and is printed whole as it ends.
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  watch,
  writeFileSync,
} from 'node:fs';
import { basename, dirname } from 'node:path';

const vitest = (report) => ({
  passed: report.numPassedTests ?? 0,
  failed: (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0),
});
const playwright = (report) => ({
  passed: (report.stats?.expected ?? 0) + (report.stats?.flaky ?? 0),
  failed: (report.stats?.unexpected ?? 0) + (report.errors?.length ?? 0),
});
// reports/engines.json of `npm run test:engines` (e2e/engines/run.ts): one count per engine × scenario.
const engines = (report) => ({
  passed: report.passed ?? 0,
  failed: report.failed ?? 0,
});

/**
 * `.ci/run` installs the Debian packages in the background and names the file it writes when
 * done (`<exit status> <seconds>`); the steps that need them wait for it. Unset: installed.
 */
const PACKAGES = process.env.TEST_PACKAGES_STATUS;

// In the order of the summary. `needs`: steps (or `packages`) that must have succeeded first.
const steps = [
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'unit', script: 'test:unit', report: 'reports/unit.json', count: vitest },
  // The sandbox's tests again on a real PostgreSQL (a throwaway cluster unless TEST_DATABASE_URL).
  {
    name: 'sandbox on PostgreSQL',
    script: 'test:postgres',
    report: 'reports/unit-postgres.json',
    count: vitest,
    needs: ['packages'],
  },
  { name: 'build', script: 'build' },
  // The React and Vue example pages, built by Vite against the package's files (e2e pays on them).
  { name: 'examples', script: 'build:examples', needs: ['build'] },
  {
    name: 'unit on the minified build',
    script: 'test:dist',
    report: 'reports/unit-dist.json',
    count: vitest,
    needs: ['build'],
  },
  {
    name: 'e2e',
    script: 'test:e2e',
    report: 'reports/e2e.json',
    count: playwright,
    needs: ['examples', 'packages'],
  },
  {
    name: 'engines',
    script: 'test:engines',
    report: 'reports/engines.json',
    count: engines,
    needs: ['build', 'packages'],
  },
];

/**
 * One lane per core-hungry suite, measured on two cores: unit keeps one busy from start to end;
 * PostgreSQL and the gates, then e2e (its browsers mostly wait), share the other.
 */
const lanes = [
  ['unit'],
  ['sandbox on PostgreSQL'],
  ['typecheck', 'lint', 'build', 'examples', 'unit on the minified build', 'e2e', 'engines'],
];

mkdirSync('reports/logs', { recursive: true });
const started = Date.now();
const seconds = (from, to = Date.now()) => Math.round((to - from) / 1000);
const totals = { passed: 0, failed: 0 };
const lines = new Map();
/** name → Promise<boolean>: whether the step (or the packages) succeeded. */
const outcomes = new Map();

/** Longer than any apt-get install seen in CI; past it the packages count as failed. */
const PACKAGES_WAIT_MS = 30 * 60_000;

/** The status file's contents once `.ci/run` has written it (an inotify watch, bounded). */
function statusFile(path) {
  return new Promise((resolve) => {
    const done = (text) => {
      watcher.close();
      clearTimeout(timer);
      resolve(text);
    };
    const read = () => existsSync(path) && done(readFileSync(path, 'utf8').trim());
    const watcher = watch(dirname(path), (_, file) => file === basename(path) && read());
    const timer = setTimeout(() => done(`timeout ${PACKAGES_WAIT_MS / 1000}+`), PACKAGES_WAIT_MS);
    read(); // written before the watch began
  });
}

async function packages() {
  if (PACKAGES === undefined) return true;
  console.log('▶ waiting for the Debian packages (apt-get, started by .ci/run)');
  const [status, took] = (await statusFile(PACKAGES)).split(' ');
  const ok = status === '0';
  if (!ok && existsSync('reports/apt.log')) {
    console.log(readFileSync('reports/apt.log', 'utf8').split('\n').slice(-30).join('\n'));
  }
  lines.set(
    'packages',
    `Debian packages: ${ok ? 'ok' : 'FAILED'} in ${took} s (in the background)`,
  );
  if (!ok) totals.failed += 1;
  return ok;
}
outcomes.set('packages', packages());

async function run(step) {
  const needs = await Promise.all((step.needs ?? []).map((need) => outcomes.get(need)));
  const missing = (step.needs ?? []).find((_, i) => !needs[i]);
  if (missing !== undefined) {
    lines.set(step.name, `${step.name}: not run (${missing} failed)`);
    totals.failed += 1;
    return false;
  }
  if (step.report) rmSync(step.report, { force: true });
  const log = `reports/logs/${step.script.replace(/\W/g, '-')}.log`;
  const at = seconds(started);
  console.log(`▶ ${step.name} (at ${at} s; its output: ${log})`);
  const begun = Date.now();
  const out = openSync(log, 'w');
  const status = await new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', step.script], { stdio: ['ignore', out, out] });
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
  closeSync(out);
  const took = seconds(begun);
  const ok = status === 0;
  let counts = { passed: 0, failed: ok ? 0 : 1 };
  if (step.report && existsSync(step.report)) {
    try {
      counts = step.count(JSON.parse(readFileSync(step.report, 'utf8')));
    } catch {
      counts = { passed: 0, failed: 1 }; // a report cut short: the step cannot count as passed
    }
    if (!ok && counts.failed === 0) counts.failed = 1; // the runner failed outside any test
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  // The time of each step and when it began, so a CI log shows where the minutes go.
  const line = `${step.name}: ${ok ? 'ok' : 'FAILED'}${step.report ? ` (${counts.passed} passed, ${counts.failed} failed)` : ''} in ${took} s, from ${at} s`;
  lines.set(step.name, line);
  console.log(`\n━━ ${step.name} ━━\n${readFileSync(log, 'utf8').trimEnd()}\n■ ${line}\n`);
  return ok;
}

const byName = new Map(steps.map((step) => [step.name, step]));
for (const lane of lanes) {
  let previous = Promise.resolve(true);
  for (const name of lane) {
    const step = byName.get(name);
    const outcome = previous.then(() => run(step));
    outcomes.set(name, outcome);
    previous = outcome;
  }
}
await Promise.all([...outcomes.values()]);

const order = ['packages', ...steps.map((step) => step.name)].filter((name) => lines.has(name));
const report = [...order.map((name) => lines.get(name)), `all steps: ${seconds(started)} s`];
const summary = `${totals.passed} passed, ${totals.failed} failed`;
writeFileSync('reports/summary.txt', `${report.join('\n')}\n${summary}\n`);
console.log(`\n${report.join('\n')}\n${summary}`);
process.exit(totals.failed === 0 ? 0 : 1);
