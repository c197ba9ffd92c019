/**
 * The sandbox under load, in a process of its own so the load generator does not share its
 * event loop: `BENCH_DATABASE=pglite` (a temp data dir, deleted at the end) or `postgres`
 * (TEST_DATABASE_URL, as scripts/with-postgres.mjs sets it). Prints one JSON line when ready;
 * then each `rss` line on stdin gets a JSON line back (memory and CPU time), each `rows` line
 * the rows of the charges and customers tables, and stdin's end closes it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startSandbox } from '../../demo/sandbox';
import type { DatabaseConfig } from '../../demo/service/kernel/db/database';
import { runInProcess } from './in-process-charges';
import {
  type CapturedStatement,
  type DatabaseWait,
  installSqlCapture,
  startRecording,
  startWaitCount,
  stopRecording,
  stopWaitCount,
} from './sql-capture';

export interface ServerReady {
  kind: 'ready';
  apiUrl: string;
  database: string;
  /** `startSandbox()`: open the database, migrate, seed, listen. */
  startMs: number;
  /** From the process's start (Node, tsx, imports) to listening. */
  processMs: number;
  rssBytes: number;
  /** PostgreSQL's URL (for pgbench on the same server); absent for PGlite. */
  databaseUrl?: string;
}

/** The statements sent between `capture-start` and `capture-stop`. */
export interface ServerStatements {
  kind: 'statements';
  statements: CapturedStatement[];
}

/** Queries and the time waited on them between `wait-start` and `wait-stop`. */
export interface ServerWait extends DatabaseWait {
  kind: 'wait';
}

/** `inprocess <clients> <seconds> <run>`: charges through the app's `request()`, no HTTP. */
export interface ServerInProcess {
  kind: 'inprocess';
  charges: number;
  failed: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  cpuMsPerCharge: number;
}

export type ServerLine =
  | ServerReady
  | ServerMemory
  | ServerRows
  | ServerStatements
  | ServerWait
  | ServerInProcess;

export interface ServerMemory {
  kind: 'memory';
  rssBytes: number;
  heapUsedBytes: number;
  /** The process's CPU time so far (user + system), for the CPU a request costs. */
  cpuMicros: number;
}

function config(): { config: DatabaseConfig; dataDir?: string } {
  if (process.env.BENCH_DATABASE === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('BENCH_DATABASE=postgres needs TEST_DATABASE_URL');
    return { config: { kind: 'postgres', url } };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sandbox-'));
  return { config: { kind: 'pglite', dataDir }, dataDir };
}

/** Rows in the database now: what the charges runs added is the difference. */
export interface ServerRows {
  kind: 'rows';
  charges: number;
  customers: number;
}

const send = (line: ServerLine) => process.stdout.write(`${JSON.stringify(line)}\n`);

const chosen = config();
installSqlCapture();
const started = performance.now();
const sandbox = await startSandbox({
  apiPort: 0,
  threeDsPort: 0,
  demoPort: 0,
  database: chosen.config,
});
send({
  kind: 'ready',
  apiUrl: sandbox.apiUrl,
  database: sandbox.database.description,
  startMs: Math.round(performance.now() - started),
  processMs: Math.round(performance.now()),
  rssBytes: process.memoryUsage.rss(),
  ...(chosen.config.kind === 'postgres' ? { databaseUrl: chosen.config.url } : {}),
});

const input = createInterface({ input: process.stdin });
async function rows(): Promise<ServerRows> {
  const { db } = sandbox.database;
  const count = async (table: 'charges' | 'customers') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { kind: 'rows', charges: await count('charges'), customers: await count('customers') };
}

input.on('line', async (line) => {
  const [command, ...args] = line.trim().split(' ');
  if (command === 'rows') send(await rows());
  if (command === 'capture-start') startRecording();
  if (command === 'capture-stop') send({ kind: 'statements', statements: stopRecording() });
  if (command === 'wait-start') startWaitCount();
  if (command === 'wait-stop') send({ kind: 'wait', ...stopWaitCount() });
  if (command === 'inprocess') {
    const [clients, seconds, run] = args;
    send({
      kind: 'inprocess',
      ...(await runInProcess(sandbox.apiApp, Number(clients), Number(seconds), run ?? 'ip')),
    });
  }
  if (command !== 'rss') return;
  const { rss, heapUsed } = process.memoryUsage();
  const { user, system } = process.cpuUsage();
  send({ kind: 'memory', rssBytes: rss, heapUsedBytes: heapUsed, cpuMicros: user + system });
});
input.on('close', async () => {
  await sandbox.close();
  if (chosen.dataDir) rmSync(chosen.dataDir, { recursive: true, force: true });
  process.exit(0);
});
