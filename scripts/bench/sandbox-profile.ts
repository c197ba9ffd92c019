/**
 * `npx tsx scripts/bench/sandbox-profile.ts <authenticate|charges|customers> [--database
 * pglite|postgres] [--clients N] [--seconds N]`: one cell of `bench:sandbox` with the sandbox
 * under `node --cpu-prof`, then where its CPU went during the cell (self time by function and by
 * package, and our own functions including what they call). The profile stays in a temp folder
 * whose path is printed (open it in Chrome's DevTools for the flame chart).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CpuProfile, type Share, summarise } from './cpu-profile';
import { type EndpointName, runCell } from './sandbox-load';
import { type DatabaseKind, READY_TIMEOUT_MS, spawnServer } from './sandbox-process';
import type { ServerReady } from './sandbox-server';

const ROOT = join(import.meta.dirname, '..', '..');
const ENDPOINTS: readonly EndpointName[] = ['authenticate', 'charges', 'customers'];

function option(argv: string[], name: string, fallback: string): string {
  const at = argv.indexOf(name);
  return at === -1 ? fallback : (argv[at + 1] ?? '');
}

function parseArgs(argv: string[]) {
  const endpoint = argv[0] as EndpointName;
  if (!ENDPOINTS.includes(endpoint)) throw new Error(`first argument: ${ENDPOINTS.join(' | ')}`);
  const database = option(argv, '--database', 'postgres') as DatabaseKind;
  if (database !== 'pglite' && database !== 'postgres') {
    throw new Error('--database is pglite or postgres');
  }
  const clients = Number(option(argv, '--clients', '16'));
  const seconds = Number(option(argv, '--seconds', '5'));
  if (!Number.isInteger(clients) || clients < 1 || clients > 256) {
    throw new Error('--clients needs a whole number from 1 to 256');
  }
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 60) {
    throw new Error('--seconds needs a whole number from 1 to 60');
  }
  return { endpoint, database, clients, seconds };
}

const lines = (title: string, shares: Share[]) =>
  [title, ...shares.map((s) => `${s.percent.toFixed(1).padStart(6)} %  ${s.name}`)].join('\n');

async function main() {
  const { endpoint, database, clients, seconds } = parseArgs(process.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-profile-'));
  const server = spawnServer(database, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  let cellMs = 0;
  try {
    const ready = await server.next<ServerReady>(READY_TIMEOUT_MS);
    const cpu = async () => (await server.memory()).cpuMicros;
    const tally = { sent: 0, created: 0, ids: new Set<string>() };
    await runCell(ready.apiUrl, endpoint, 16, 1, tally, `profile-warm-${Date.now()}`, cpu);
    const started = performance.now();
    const cell = await runCell(ready.apiUrl, endpoint, clients, seconds, tally, 'profile', cpu);
    cellMs = performance.now() - started;
    process.stdout.write(
      `${database} ${endpoint} × ${clients}: ${cell.requestsPerSecond} req/s, p50 ${cell.p50Ms} ms, p99 ${cell.p99Ms} ms, ${cell.cpuMsPerRequest} ms CPU/request\n`,
    );
  } finally {
    await server.stop();
  }
  // The main thread's profile (tsx's loader thread writes one too).
  const file = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => join(dir, name))
    .sort((a, b) => readFileSync(b).length - readFileSync(a).length)[0];
  if (file === undefined) throw new Error(`no profile written in ${dir}`);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  // The cell and the stop after it (a second at most): not the start-up nor the warm-up.
  const summary = summarise(profile, ROOT, cellMs + 1000);
  process.stdout.write(
    [
      `${summary.samples} samples; profile: ${file}`,
      lines('Self time by function:', summary.functions),
      lines('Self time by package or file:', summary.places),
      lines('Our functions, callees included:', summary.ownInclusive),
      '',
    ].join('\n\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
