/**
 * `npm run bench:renewals`: a year of monthly renewals through the merchant's clock. For each
 * database (PGlite in a temp directory; PostgreSQL: DATABASE_URL, else a throwaway cluster), the
 * sandbox runs in a process of its own (`sandbox-server.ts`); Outra Loja (no seeded
 * subscriptions) gets a monthly plan and N subscriptions (default 100, billing days spread over
 * 1–31), then one `POST /sandbox/clock/advance { days: 365 }` is timed. The answer's counts, the
 * events listed and the charge rows added must all equal the renewals the billing calendar
 * places in that year, or the bench exits with 1.
 *
 *   npm run bench:renewals [-- --database pglite|postgres|both] [--subscriptions 100] [--json]
 *   npm run bench:renewals -- --database postgres --profile   # where the advance's CPU went
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nextBillingDate } from '../../demo/service/subscriptions/calendar';
import { basicApi, databasesFlag, flag } from './basic-api';
import { type CpuProfile, type Share, summarise } from './cpu-profile';
import { type DatabaseKind, READY_TIMEOUT_MS, spawnServer } from './sandbox-process';
import type { ServerReady } from './sandbox-server';

const KEY = 'sk_test_noconnect';
const DAYS = 365;
const MONTHLY = { recurrenceType: 'monthly', recurrenceInterval: null } as const;
const REQUEST_TIMEOUT_MS = 120_000;
const CREATE_CONCURRENCY = 4;

interface Result {
  database: string;
  subscriptions: number;
  renewals: number;
  expectedRenewals: number;
  eventsListed: number;
  chargeRowsAdded: number;
  advanceMs: number;
  renewalsPerSecond: number;
  createMs: number;
}

function parseArgs(argv: string[]) {
  const subscriptions = Number(flag(argv, '--subscriptions') ?? 100);
  if (!Number.isInteger(subscriptions) || subscriptions < 1 || subscriptions > 2000) {
    throw new Error('--subscriptions is a whole number from 1 to 2000');
  }
  return {
    databases: databasesFlag(argv),
    subscriptions,
    json: argv.includes('--json'),
    profile: argv.includes('--profile'),
  };
}

interface Sub {
  id: string;
  currentPeriodEnd: string;
  billingDay: number;
}

/** Renewals the calendar places in (periodEnd…until], for one subscription. */
function renewalsUntil(sub: Sub, until: Date): number {
  let count = 0;
  for (let at = new Date(sub.currentPeriodEnd); at <= until; count++) {
    at = nextBillingDate(at, MONTHLY, sub.billingDay);
  }
  return count;
}

const ROOT = join(import.meta.dirname, '..', '..');

/** The sandbox process's CPU profile over the last `lastMs` (the advance and the stop after it). */
function printProfile(dir: string, lastMs: number) {
  const file = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(dir, name))
    .sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0];
  if (file === undefined) throw new Error(`no profile written in ${dir}`);
  const summary = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, ROOT, lastMs);
  const lines = (title: string, shares: Share[]) =>
    [title, ...shares.map((s) => `${s.percent.toFixed(1).padStart(6)} %  ${s.name}`)].join('\n');
  console.log(
    [
      `${summary.samples} samples; profile: ${file}`,
      lines('Self time by package or file:', summary.places),
      lines('Our functions, callees included:', summary.ownInclusive),
    ].join('\n\n'),
  );
}

async function run(kind: DatabaseKind, count: number, profile: boolean): Promise<Result> {
  const dir = profile ? mkdtempSync(join(tmpdir(), 'renewals-profile-')) : undefined;
  const server = spawnServer(
    kind,
    dir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  );
  let advanceMs = 0;
  try {
    const ready = await server.next<ServerReady>(READY_TIMEOUT_MS);
    const api = basicApi(ready.apiUrl, KEY, REQUEST_TIMEOUT_MS);
    const plan = await api<{ id: string }>('/v1/subscription-plans', {
      name: 'Bench mensal',
      price: 19.9,
      currency: 'BRL',
      recurrenceType: 'monthly',
    });
    const created: Sub[] = [];
    const startedCreate = performance.now();
    for (let i = 0; i < count; i += CREATE_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(CREATE_CONCURRENCY, count - i) }, (_, j) => {
        const n = i + j;
        return api<Sub>('/v1/subscriptions', {
          planId: plan.id,
          customer: { name: `Assinante ${n}`, email: `bench-${n}@example.com` },
          paymentMethod: {
            type: 'credit_card',
            number: '4111111111111111',
            holderName: 'Bench',
            expirationMonth: '12',
            expirationYear: '2040',
            cvv: '123',
            installments: 1,
          },
          billingDay: (n % 31) + 1,
        });
      });
      created.push(...(await Promise.all(batch)));
    }
    const createMs = performance.now() - startedCreate;
    const before = await server.rows();
    const started = performance.now();
    const moved = await api<{ now: string; events: Record<string, number> }>(
      '/sandbox/clock/advance',
      { days: DAYS },
    );
    advanceMs = performance.now() - started;
    const after = await server.rows();
    const expected = created.reduce((sum, sub) => sum + renewalsUntil(sub, new Date(moved.now)), 0);
    const listed = await api<{ meta: { total: number } }>(
      '/sandbox/events?event=subscription.renewed&limit=1',
    );
    const renewals = moved.events['subscription.renewed'] ?? 0;
    return {
      database: ready.database,
      subscriptions: created.length,
      renewals,
      expectedRenewals: expected,
      eventsListed: listed.meta.total,
      chargeRowsAdded: after.charges - before.charges,
      advanceMs: Math.round(advanceMs),
      renewalsPerSecond: Math.round(renewals / (advanceMs / 1000)),
      createMs: Math.round(createMs),
    };
  } finally {
    await server.stop();
    if (dir !== undefined) printProfile(dir, advanceMs + 1000);
  }
}

const { databases, subscriptions, json, profile } = parseArgs(process.argv.slice(2));
const results: Result[] = [];
for (const kind of databases) results.push(await run(kind, subscriptions, profile));
const wrong = results.filter(
  (r) =>
    r.renewals !== r.expectedRenewals ||
    r.eventsListed !== r.expectedRenewals ||
    r.chargeRowsAdded !== r.expectedRenewals,
);
if (json) {
  console.log(JSON.stringify({ days: DAYS, results }, null, 2));
} else {
  console.log(`A year (${DAYS} days) of monthly renewals in one advance of the clock:\n`);
  console.log(
    '| database | subscriptions | renewals (expected) | events listed | charge rows added | advance | renewals/s |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.database} | ${r.subscriptions} | ${r.renewals} (${r.expectedRenewals}) | ${r.eventsListed} | ${r.chargeRowsAdded} | ${(r.advanceMs / 1000).toFixed(2)} s | ${r.renewalsPerSecond} |`,
    );
  }
  console.log(`\nCreating the subscriptions (first charge each, ${CREATE_CONCURRENCY} at a time):`);
  for (const r of results) console.log(`  ${r.database}: ${(r.createMs / 1000).toFixed(2)} s`);
}
if (wrong.length > 0) {
  console.error('Counts do not add up: renewals, events and charge rows must all be as expected.');
  process.exit(1);
}
