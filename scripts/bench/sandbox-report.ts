/** The tables of `npm run bench:sandbox`. */
import type { ToolFigures } from './sandbox-figures';
import { formatFigures } from './sandbox-figures-report';
import type { Cell } from './sandbox-load';
import type { DatabaseKind } from './sandbox-process';

/** One database's run: start-up, memory, the load cells and the charges counted back. */
export interface DatabaseRun {
  kind: DatabaseKind;
  database: string;
  startMs: number;
  processMs: number;
  rssAfterStartBytes: number;
  rssAfterRunBytes: number;
  heapUsedAfterRunBytes: number;
  cells: Cell[];
  /** The test tools' figures and, on PostgreSQL, the limit (`sandbox-figures.ts`). */
  figures: ToolFigures;
  charges: {
    sent: number;
    created: number;
    distinctIds: number;
    foundByApi: number;
    customersAdded: number;
    /** Rows the charges table gained. */
    chargeRowsAdded: number;
    customerRowsAdded: number;
  };
}

export interface SandboxBenchResult {
  date: string;
  node: string;
  seconds: number;
  clients: number[];
  loadGenerator: 'wrk' | 'autocannon';
  loadAverage: { before: number[]; after: number[] };
  runs: DatabaseRun[];
}

const PATHS = {
  authenticate: 'POST /v1/three-ds/authenticate',
  charges: 'POST /v1/charges',
  customers: 'GET /v1/customers?limit=100',
} as const;

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const loads = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');

function table(head: string[], rows: string[][], right: boolean[]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const cell = (text: string, i: number) =>
    right[i] ? text.padStart(widths[i] ?? 0) : text.padEnd(widths[i] ?? 0);
  const line = (r: string[]) => `| ${r.map(cell).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (right[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(head), rule, ...rows.map(line)].join('\n');
}

export function formatSandboxReport(result: SandboxBenchResult): string {
  const rows = result.runs.flatMap((run) =>
    run.cells.map((c) => [
      run.kind,
      PATHS[c.endpoint],
      String(c.connections),
      c.requestsPerSecond.toLocaleString('en-US'),
      c.p50Ms.toFixed(0),
      c.p99Ms.toFixed(0),
      c.cpuMsPerRequest.toFixed(2),
      c.dbCpuMsPerRequest === undefined ? '—' : c.dbCpuMsPerRequest.toFixed(2),
      c.loadCpuMsPerRequest.toFixed(2),
      String(c.non2xx + c.errors),
    ]),
  );
  const load = table(
    [
      'database',
      'request',
      'clients',
      'req/s',
      'p50 ms',
      'p99 ms',
      'CPU ms/req',
      'DB CPU ms/req',
      'load gen. CPU ms/req',
      'not 2xx',
    ],
    rows,
    [false, false, true, true, true, true, true, true, true, true],
  );
  const footprint = table(
    [
      'database',
      'startSandbox()',
      'process ready',
      'RSS after start',
      'RSS after run',
      'heap after run',
    ],
    result.runs.map((r) => [
      `${r.kind} (${r.database})`,
      `${r.startMs} ms`,
      `${r.processMs} ms`,
      mib(r.rssAfterStartBytes),
      mib(r.rssAfterRunBytes),
      mib(r.heapUsedAfterRunBytes),
    ]),
    [false, true, true, true, true, true],
  );
  const charges = table(
    [
      'database',
      'sent',
      '201 responses',
      'distinct ids',
      'found by GET /v1/charges/{id}',
      'charge rows added',
      'customers added (API)',
      'customer rows added',
    ],
    result.runs.map(({ kind, charges: c }) => [
      kind,
      String(c.sent),
      String(c.created),
      String(c.distinctIds),
      String(c.foundByApi),
      String(c.chargeRowsAdded),
      String(c.customersAdded),
      String(c.customerRowsAdded),
    ]),
    [false, true, true, true, true, true, true, true],
  );
  return [
    `Sandbox under load, ${result.date.slice(0, 16)}Z, Node ${result.node}, ${result.seconds} s per cell`,
    `(warm-up 1 s per request at 16 clients, autocannon), load generator ${result.loadGenerator}, load average ${loads(result.loadAverage.before)} → ${loads(result.loadAverage.after)}`,
    '',
    load,
    '',
    footprint,
    '',
    'POST /v1/charges: every 201 once and still there (read back by id; rows counted in the database).',
    'Each request has a new buyer, so the customers and charge rows added lie between the 201s and the',
    'requests sent: a cell stops with one request per client sent and its reply unread',
    "(pgbench's rows, the in-process run's and the recorded charges' are not counted).",
    charges,
    '',
    ...formatFigures(result.runs, table),
  ].join('\n');
}
