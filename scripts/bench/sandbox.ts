/**
 * `npm run bench:sandbox [-- --json] [-- --seconds N] [-- --database pglite|postgres]`: the
 * sandbox's API under load (autocannon, loopback) on the embedded database and on PostgreSQL
 * (DATABASE_URL, else a throwaway cluster through scripts/with-postgres.mjs): requests/s and
 * p50/p99 and the sandbox's CPU per request, per endpoint at 1, 16 and 64 clients, start-up
 * time, memory, and whether every charge created (201) is still there, once: read back by id,
 * and the rows the charges and customers tables gained (exit code 1 if not). Progress goes to
 * stderr; stdout gets the tables or JSON.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  type Cell,
  type ChargeTally,
  chargesFound,
  customerTotal,
  type EndpointName,
  runCell,
} from './sandbox-load';
import { formatSandboxReport } from './sandbox-report';
import type { ServerMemory, ServerReady, ServerRows } from './sandbox-server';

const ROOT = join(import.meta.dirname, '..', '..');
const ENDPOINTS: EndpointName[] = ['authenticate', 'charges', 'customers'];
const CLIENTS = [1, 16, 64];
/** Start-up bound: a throwaway cluster's initdb included. */
const READY_TIMEOUT_MS = 120_000;
const EXIT_TIMEOUT_MS = 20_000;

type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseRun {
  kind: DatabaseKind;
  database: string;
  startMs: number;
  processMs: number;
  rssAfterStartBytes: number;
  rssAfterRunBytes: number;
  heapUsedAfterRunBytes: number;
  cells: Cell[];
  charges: {
    sent: number;
    created: number;
    distinctIds: number;
    foundByApi: number;
    customersAdded: number;
    /** Rows the charges table gained (0 while the sandbox keeps charges in memory). */
    chargeRowsAdded: number;
    customerRowsAdded: number;
  };
}

function parseArgs(argv: string[]) {
  const known = new Set(['--json', '--seconds', '--database']);
  const unknown = argv.find((arg) => arg.startsWith('--') && !known.has(arg));
  if (unknown)
    throw new Error(
      `unknown option ${unknown} (use --json, --seconds N, --database pglite|postgres)`,
    );
  const at = argv.indexOf('--seconds');
  const seconds = at === -1 ? 5 : Number(argv[at + 1]);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 60)
    throw new Error('--seconds needs a whole number from 1 to 60');
  const dbAt = argv.indexOf('--database');
  const only = dbAt === -1 ? undefined : argv[dbAt + 1];
  if (only !== undefined && only !== 'pglite' && only !== 'postgres')
    throw new Error('--database is pglite or postgres');
  const databases: DatabaseKind[] = only ? [only] : ['pglite', 'postgres'];
  return { json: argv.includes('--json'), seconds, databases };
}

/** The server process, through with-postgres.mjs for PostgreSQL; its JSON lines in order. */
function spawnServer(kind: DatabaseKind) {
  const server = ['--import', 'tsx', join(ROOT, 'scripts', 'bench', 'sandbox-server.ts')];
  const [exe, args] =
    kind === 'pglite'
      ? [process.execPath, server]
      : [
          process.execPath,
          [join(ROOT, 'scripts', 'with-postgres.mjs'), process.execPath, ...server],
        ];
  const child = spawn(exe, args, {
    cwd: ROOT,
    env: { ...process.env, BENCH_DATABASE: kind },
    stdio: ['pipe', 'pipe', 'pipe'],
  }) as ChildProcessWithoutNullStreams;
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const waiting: ((line: ServerReady | ServerMemory | ServerRows) => void)[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('{')) waiting.shift()?.(JSON.parse(line));
    else process.stderr.write(`  ${line}\n`);
  });
  const next = <T extends ServerReady | ServerMemory | ServerRows>(timeoutMs: number) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`sandbox did not answer in ${timeoutMs} ms\n${stderr.slice(-2000)}`)),
        timeoutMs,
      );
      const exited = (code: number | null) => {
        clearTimeout(timer);
        reject(new Error(`sandbox exited (${code})\n${stderr.slice(-2000)}`));
      };
      child.once('exit', exited);
      waiting.push((line) => {
        clearTimeout(timer);
        child.off('exit', exited);
        resolve(line as T);
      });
    });
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  const memory = () => {
    const reply = next<ServerMemory>(10_000);
    child.stdin.write('rss\n');
    return reply;
  };
  const rows = () => {
    const reply = next<ServerRows>(30_000);
    child.stdin.write('rows\n');
    return reply;
  };
  return { next, stop, memory, rows };
}

async function benchDatabase(
  kind: DatabaseKind,
  seconds: number,
  progress: (line: string) => void,
): Promise<DatabaseRun> {
  progress(`▶ ${kind}: starting the sandbox`);
  const server = spawnServer(kind);
  try {
    const ready = await server.next<ServerReady>(READY_TIMEOUT_MS);
    progress(`  ${ready.database} at ${ready.apiUrl}, startSandbox() ${ready.startMs} ms`);
    const tally: ChargeTally = { sent: 0, created: 0, ids: new Set() };
    const cpu = async () => (await server.memory()).cpuMicros;
    const customersBefore = await customerTotal(ready.apiUrl);
    const rowsBefore = await server.rows();
    const cells: Cell[] = [];
    for (const endpoint of ENDPOINTS) {
      progress(`  ${endpoint}: warm-up 1 s`);
      await runCell(ready.apiUrl, endpoint, 16, 1, tally, `${kind}-warm`, cpu);
      for (const clients of CLIENTS) {
        const cell = await runCell(
          ready.apiUrl,
          endpoint,
          clients,
          seconds,
          tally,
          `${kind}-${clients}`,
          cpu,
        );
        progress(
          `  ${endpoint} × ${clients}: ${cell.requestsPerSecond} req/s, p99 ${cell.p99Ms} ms, ${cell.cpuMsPerRequest} ms CPU/request`,
        );
        cells.push(cell);
      }
    }
    const after = await server.memory();
    const rowsAfter = await server.rows();
    progress(`  checking ${tally.ids.size} charges`);
    const foundByApi = await chargesFound(ready.apiUrl, tally.ids);
    return {
      kind,
      database: ready.database,
      startMs: ready.startMs,
      processMs: ready.processMs,
      rssAfterStartBytes: ready.rssBytes,
      rssAfterRunBytes: after.rssBytes,
      heapUsedAfterRunBytes: after.heapUsedBytes,
      cells,
      charges: {
        sent: tally.sent,
        created: tally.created,
        distinctIds: tally.ids.size,
        foundByApi,
        customersAdded: (await customerTotal(ready.apiUrl)) - customersBefore,
        chargeRowsAdded: rowsAfter.charges - rowsBefore.charges,
        customerRowsAdded: rowsAfter.customers - rowsBefore.customers,
      },
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  const { json, seconds, databases } = parseArgs(process.argv.slice(2));
  const progress = (line: string) => process.stderr.write(`${line}\n`);
  const loadBefore = loadavg();
  const runs: DatabaseRun[] = [];
  for (const kind of databases) runs.push(await benchDatabase(kind, seconds, progress));
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    seconds,
    clients: CLIENTS,
    loadAverage: { before: loadBefore, after: loadavg() },
    runs,
  };
  process.stdout.write(json ? `${JSON.stringify(result, null, 2)}\n` : formatSandboxReport(result));
  const intact = runs.every(({ charges: c }) => {
    // A cell stops with a request per client sent and its reply unread: what it created (a
    // row) may have no 201, so rows lie between the 201s and the requests sent.
    const between = (rows: number) => rows >= c.created && rows <= c.sent;
    return (
      c.created === c.distinctIds &&
      c.distinctIds === c.foundByApi &&
      between(c.customersAdded) &&
      between(c.customerRowsAdded) &&
      (c.chargeRowsAdded === 0 || between(c.chargeRowsAdded))
    );
  });
  if (!intact) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
