/**
 * The figures of `npm run bench:sandbox` beyond the load cells, on one running sandbox:
 *
 * - the test tools': a throwaway merchant's creation and deletion (p50/p99 over N), and
 *   `POST /v1/charges` at 16 clients plain, with an `Idempotency-Key` on every request, with
 *   100 fault rules installed for other merchants, and plain again, in neighbouring cells;
 * - on PostgreSQL, **the limit the charges are held to**: the statements one charge sends,
 *   recorded in the sandbox (`charge-statements.ts`) and replayed by pgbench at 16 clients on the
 *   same server (`pgbench-script.ts`, `pgbench-run.ts`), right after the last plain cell; and the same
 *   charges through the app's `request()` inside the sandbox's process, without HTTP
 *   (`in-process-charges.ts`). The time the plain cell's requests waited on the database is
 *   counted in the sandbox (`sql-capture.ts`).
 *
 * What pgbench and the in-process run add to the database is counted (`untallied`), so that the
 * bench's check of the charges still adds up.
 */
import { captureChargeStatements } from './charge-statements';
import { findPgbench, type PgbenchResult, runPgbench } from './pgbench-run';
import { toPgbenchScript } from './pgbench-script';
import { type Cell, type ChargeTally, loadRequestOf, runCell } from './sandbox-load';
import type { spawnServer } from './sandbox-process';
import type { ServerInProcess, ServerWait } from './sandbox-server';
import { installForeignFaults, type ThrowawayTimes, timeThrowawayMerchants } from './sandbox-tools';

type Server = ReturnType<typeof spawnServer>;

export const FIGURE_CLIENTS = 16;
export const FAULT_RULES = 100;
const FAULT_MERCHANTS = 4;

/** A charges cell and what its requests did in the database, counted in the sandbox. */
export interface CountedCell extends Cell {
  queriesPerCharge: number;
  /** Time the requests waited on their queries (send → result), summed, per charge. */
  dbWaitMsPerCharge: number;
}

export interface LimitFigures {
  /** Statements one charge sent (both recorded charges sent them), in order, shortened. */
  statements: string[];
  /** Statements only one of the two recorded charges sent, left out. */
  dropped: number;
  variedPerTransaction: number;
  pgbench: PgbenchResult;
  inProcess: Omit<ServerInProcess, 'kind'>;
}

export interface ToolFigures {
  throwaway: ThrowawayTimes;
  plain: CountedCell;
  idempotent: CountedCell;
  /** Plain again after the tools' cells, just before pgbench. */
  plainAgain: CountedCell;
  foreignFaults: CountedCell & { rules: number; merchants: number };
  limit?: LimitFigures;
  /** Rows pgbench, the in-process run and the capture added: not the load cells'. */
  untallied: { charges: number; customers: number };
}

interface Context {
  kind: 'pglite' | 'postgres';
  server: Server;
  apiUrl: string;
  databaseUrl?: string;
  seconds: number;
  merchants: number;
  tally: ChargeTally;
  cpu: () => Promise<number>;
  dbCpu?: () => number;
  progress: (line: string) => void;
}

async function countedCell(c: Context, run: string, idempotencyKeys = false): Promise<CountedCell> {
  const request = { ...loadRequestOf('charges', run), idempotencyKeys };
  c.server.tell('wait-start');
  const cell = await runCell(
    c.apiUrl,
    'charges',
    FIGURE_CLIENTS,
    c.seconds,
    c.tally,
    run,
    c.cpu,
    c.dbCpu,
    request,
  );
  const wait = await c.server.ask<ServerWait>('wait-stop');
  const charges = Math.max(1, cell.ok + cell.non2xx);
  return {
    ...cell,
    queriesPerCharge: Math.round((wait.queries / charges) * 100) / 100,
    dbWaitMsPerCharge: Math.round((wait.waitMs / charges) * 100) / 100,
  };
}

const shorten = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 110 ? `${flat.slice(0, 107)}…` : flat;
};

async function limitFigures(c: Context, databaseUrl: string): Promise<LimitFigures> {
  const pgbench = findPgbench();
  if (pgbench === undefined)
    throw new Error(
      'pgbench not found (Debian: apt-get install postgresql-contrib or postgresql-client)',
    );
  c.progress('  recording the statements of one POST /v1/charges');
  const [first, second] = await captureChargeStatements(c.server, c.apiUrl);
  const script = toPgbenchScript(first, second);
  c.progress(
    `  pgbench × ${FIGURE_CLIENTS}: ${script.statements.length} statements (${script.dropped} sent by one charge only, left out), ${script.varied} values varied per transaction`,
  );
  const result = await runPgbench(pgbench, databaseUrl, script, FIGURE_CLIENTS, c.seconds, c.dbCpu);
  c.progress(
    `  pgbench × ${FIGURE_CLIENTS}: ${result.transactionsPerSecond} tx/s, p99 ${result.p99Ms} ms, ${result.failed} failed`,
  );
  const { kind: _, ...inProcess } = await c.server.ask<ServerInProcess>(
    `inprocess ${FIGURE_CLIENTS} ${c.seconds} ${c.kind}`,
    (c.seconds + 60) * 1000,
  );
  c.progress(
    `  in-process × ${FIGURE_CLIENTS}: ${inProcess.perSecond} charges/s, p99 ${inProcess.p99Ms} ms`,
  );
  return {
    statements: script.statements.map((s) => shorten(s.text)),
    dropped: script.dropped,
    variedPerTransaction: script.varied,
    pgbench: result,
    inProcess,
  };
}

export async function benchFigures(c: Context): Promise<ToolFigures> {
  c.progress(`  throwaway merchants: ${c.merchants} made, then deleted`);
  const throwaway = await timeThrowawayMerchants(c.apiUrl, c.merchants);
  c.progress(
    `  throwaway merchant: create p50 ${throwaway.createP50Ms} ms, p99 ${throwaway.createP99Ms} ms; delete p50 ${throwaway.deleteP50Ms} ms, p99 ${throwaway.deleteP99Ms} ms`,
  );
  const line = (what: string, cell: CountedCell) =>
    c.progress(
      `  charges × ${FIGURE_CLIENTS}, ${what}: ${cell.requestsPerSecond} req/s, p99 ${cell.p99Ms} ms, ${cell.queriesPerCharge} queries and ${cell.dbWaitMsPerCharge} ms waited on them per charge`,
    );
  // Plain before and after the tools' cells: their ratios are to the mean of the two, so that
  // a machine whose load drifts during the run moves the baseline with them.
  const plain = await countedCell(c, `${c.kind}-plain`);
  line('plain', plain);
  const idempotent = await countedCell(c, `${c.kind}-keys`, true);
  line('an Idempotency-Key on each', idempotent);
  c.progress(`  ${FAULT_RULES} fault rules for ${FAULT_MERCHANTS} other merchants`);
  const faults = await installForeignFaults(c.apiUrl, FAULT_RULES, FAULT_MERCHANTS);
  let foreign: CountedCell;
  try {
    foreign = await countedCell(c, `${c.kind}-faults`);
  } finally {
    await faults.remove();
  }
  line(`${FAULT_RULES} other merchants' fault rules`, foreign);
  const plainAgain = await countedCell(c, `${c.kind}-plain-again`);
  line('plain again', plainAgain);

  // pgbench right after the last plain cell, which the limit compares it with.
  const rowsBefore = await c.server.rows();
  const limit = c.databaseUrl === undefined ? undefined : await limitFigures(c, c.databaseUrl);
  const rowsAfter = await c.server.rows();
  const untallied = {
    charges: rowsAfter.charges - rowsBefore.charges,
    customers: rowsAfter.customers - rowsBefore.customers,
  };
  return {
    throwaway,
    plain,
    idempotent,
    plainAgain,
    foreignFaults: { ...foreign, rules: FAULT_RULES, merchants: FAULT_MERCHANTS },
    ...(limit === undefined ? {} : { limit }),
    untallied,
  };
}
