#!/usr/bin/env node
// `npm test`: every gate and suite in order, then one line `N passed, M failed` over all suites.
// A gate (typecheck, lint, build) that fails counts as one failure; a suite counts its tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

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
  },
  { name: 'build', script: 'build' },
  {
    name: 'unit on the minified build',
    script: 'test:dist',
    report: 'reports/unit-dist.json',
    count: vitest,
    needs: 'build',
  },
  {
    name: 'e2e',
    script: 'test:e2e',
    report: 'reports/e2e.json',
    count: playwright,
    needs: 'build',
  },
  {
    name: 'engines',
    script: 'test:engines',
    report: 'reports/engines.json',
    count: engines,
    needs: 'build',
  },
];

mkdirSync('reports', { recursive: true });
const totals = { passed: 0, failed: 0 };
const lines = [];
const failedSteps = new Set();

for (const step of steps) {
  if (step.needs && failedSteps.has(step.needs)) {
    lines.push(`${step.name}: not run (${step.needs} failed)`);
    totals.failed += 1;
    failedSteps.add(step.name);
    continue;
  }
  if (step.report) rmSync(step.report, { force: true });
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const run = spawnSync('npm', ['run', '--silent', step.script], { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  const ok = run.status === 0;
  let counts = { passed: 0, failed: ok ? 0 : 1 };
  if (step.report && existsSync(step.report)) {
    counts = step.count(JSON.parse(readFileSync(step.report, 'utf8')));
    if (!ok && counts.failed === 0) counts.failed = 1; // the runner failed outside any test
  }
  if (!ok) failedSteps.add(step.name);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  // The time of each step, so a CI log shows where the minutes go.
  lines.push(
    `${step.name}: ${ok ? 'ok' : 'FAILED'}${step.report ? ` (${counts.passed} passed, ${counts.failed} failed)` : ''} in ${seconds} s`,
  );
}

const summary = `${totals.passed} passed, ${totals.failed} failed`;
writeFileSync('reports/summary.txt', `${lines.join('\n')}\n${summary}\n`);
console.log(`\n${lines.join('\n')}\n${summary}`);
process.exit(totals.failed === 0 ? 0 : 1);
