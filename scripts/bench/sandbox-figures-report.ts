/** The tables of `sandbox-figures.ts` in the report of `npm run bench:sandbox`. */
import type { CountedCell, LimitFigures, ToolFigures } from './sandbox-figures';
import { FIGURE_CLIENTS } from './sandbox-figures';

type Table = (head: string[], rows: string[][], right: boolean[]) => string;

interface Run {
  kind: string;
  figures: ToolFigures;
}

const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const ratio = (a: number, b: number) => (b === 0 ? '—' : (a / b).toFixed(2));
const met = (ok: boolean) => (ok ? 'met' : 'not met');

/** The plain rate the tools' cells are compared with: the mean of the cells before and after. */
const baseline = ({ plain, plainAgain }: ToolFigures) =>
  (plain.requestsPerSecond + plainAgain.requestsPerSecond) / 2;

function toolTables(runs: Run[], table: Table): string[] {
  const merchants = table(
    ['database', 'merchants', 'create p50 ms', 'create p99 ms', 'delete p50 ms', 'delete p99 ms'],
    runs.map(({ kind, figures: { throwaway: t } }) => [
      kind,
      String(t.merchants),
      f1(t.createP50Ms),
      f1(t.createP99Ms),
      f1(t.deleteP50Ms),
      f1(t.deleteP99Ms),
    ]),
    [false, true, true, true, true, true],
  );
  const row = (kind: string, what: string, cell: CountedCell, plain: number) => [
    kind,
    what,
    cell.requestsPerSecond.toLocaleString('en-US'),
    ratio(cell.requestsPerSecond, plain),
    cell.p50Ms.toFixed(0),
    cell.p99Ms.toFixed(0),
    f2(cell.queriesPerCharge),
    f2(cell.dbWaitMsPerCharge),
    f2(cell.cpuMsPerRequest),
    cell.dbCpuMsPerRequest === undefined ? '—' : f2(cell.dbCpuMsPerRequest),
    String(cell.non2xx + cell.errors),
  ];
  const charges = table(
    [
      'database',
      `POST /v1/charges × ${FIGURE_CLIENTS}`,
      'req/s',
      '× plain',
      'p50 ms',
      'p99 ms',
      'queries/charge',
      'DB wait ms/charge',
      'CPU ms/req',
      'DB CPU ms/req',
      'not 2xx',
    ],
    runs.flatMap(({ kind, figures }) => {
      const { plain, idempotent, foreignFaults, plainAgain } = figures;
      const base = baseline(figures);
      return [
        row(kind, 'plain', plain, base),
        row(kind, 'an Idempotency-Key on each', idempotent, base),
        row(
          kind,
          `${foreignFaults.rules} fault rules of ${foreignFaults.merchants} other merchants`,
          foreignFaults,
          base,
        ),
        row(kind, 'plain again', plainAgain, base),
      ];
    }),
    [false, false, true, true, true, true, true, true, true, true, true],
  );
  const faults = runs.map(({ kind, figures }) => {
    const base = baseline(figures);
    const { idempotent, foreignFaults } = figures;
    return `${kind}: with other merchants' fault rules ${ratio(foreignFaults.requestsPerSecond, base)}× the plain rate (target ≥ 0.90: ${met(foreignFaults.requestsPerSecond >= 0.9 * base)}); with an Idempotency-Key on each ${ratio(idempotent.requestsPerSecond, base)}×`;
  });
  return [
    'Throwaway merchants through HTTP (POST /sandbox/merchants one after another, then DELETE /sandbox/merchants/{id}):',
    merchants,
    '',
    `POST /v1/charges at ${FIGURE_CLIENTS} clients in neighbouring cells, in this order; "× plain" is to the mean of the two plain cells.`,
    'Queries sent and the time requests waited on them (send → result, summed) counted in the sandbox.',
    charges,
    ...faults,
    '',
  ];
}

function limitTable(kind: string, plain: CountedCell, limit: LimitFigures, table: Table): string[] {
  const { pgbench: pg, inProcess: ip } = limit;
  const dash = '—';
  const body = table(
    [
      'what',
      'charges/s',
      'p50 ms',
      'p99 ms',
      'sandbox CPU ms',
      'PostgreSQL CPU ms',
      'load gen. CPU ms',
    ],
    [
      [
        `pgbench -M prepared, the same statements (${pg.failed} failed)`,
        pg.transactionsPerSecond.toLocaleString('en-US'),
        f1(pg.p50Ms),
        f1(pg.p99Ms),
        dash,
        pg.dbCpuMsPerTransaction === undefined ? dash : f2(pg.dbCpuMsPerTransaction),
        f2(pg.pgbenchCpuMsPerTransaction),
      ],
      [
        'the sandbox over HTTP (the plain cell just before)',
        plain.requestsPerSecond.toLocaleString('en-US'),
        f1(plain.p50Ms),
        f1(plain.p99Ms),
        f2(plain.cpuMsPerRequest),
        plain.dbCpuMsPerRequest === undefined ? dash : f2(plain.dbCpuMsPerRequest),
        f2(plain.loadCpuMsPerRequest),
      ],
      [
        "the sandbox in its process (the app's request(), no HTTP)",
        ip.perSecond.toLocaleString('en-US'),
        f1(ip.p50Ms),
        f1(ip.p99Ms),
        f2(ip.cpuMsPerCharge),
        dash,
        '(in the sandbox)',
      ],
    ],
    [false, true, true, true, true, true, true],
  );
  const r = plain.requestsPerSecond / Math.max(1, pg.transactionsPerSecond);
  const meanMs = (FIGURE_CLIENTS / Math.max(1, plain.requestsPerSecond)) * 1000;
  const cpuOf = (...parts: (number | undefined)[]) =>
    parts.reduce<number>((a, b) => a + (b ?? 0), 0);
  const sandboxCpu = cpuOf(
    plain.cpuMsPerRequest,
    plain.dbCpuMsPerRequest,
    plain.loadCpuMsPerRequest,
  );
  const pgbenchCpu = cpuOf(pg.dbCpuMsPerTransaction, pg.pgbenchCpuMsPerTransaction);
  return [
    `The limit the charges are held to (${kind}, ${FIGURE_CLIENTS} clients; ${pg.version}):`,
    body,
    `- ratio: the sandbox ${plain.requestsPerSecond} / pgbench ${pg.transactionsPerSecond} = ${r.toFixed(2)}× (goal ≥ 0.80: ${met(r >= 0.8)}); the sandbox's p99 ${f1(plain.p99Ms)} ms (goal < 50 ms: ${met(plain.p99Ms < 50)})`,
    `- a charge's time in the sandbox at ${FIGURE_CLIENTS} clients: ${f1(meanMs)} ms on average (clients / rate), of which ${f2(plain.dbWaitMsPerCharge)} ms waiting on its ${f2(plain.queriesPerCharge)} queries; the rest (${f1(meanMs - plain.dbWaitMsPerCharge)} ms) is the event loop: HTTP, validation, JSON, Kysely, the pool's queue, other requests' turns`,
    `- CPU per charge on the 2 shared cores: sandbox path ${f2(sandboxCpu)} ms (sandbox + PostgreSQL + load generator) → at most ${Math.round(2000 / Math.max(0.01, sandboxCpu))}/s; pgbench ${f2(pgbenchCpu)} ms (PostgreSQL + pgbench) → at most ${Math.round(2000 / Math.max(0.01, pgbenchCpu))}/s`,
    `- without HTTP (in-process) the sandbox spends ${f2(ip.cpuMsPerCharge)} ms of CPU per charge against ${f2(plain.cpuMsPerRequest)} ms over HTTP: a difference of ${f2(plain.cpuMsPerRequest - ip.cpuMsPerCharge)} ms, an upper bound on what HTTP costs the sandbox (request() builds a web Request the Node server's path avoids), plus the load generator's ${f2(plain.loadCpuMsPerRequest)} ms`,
    `The statements of one charge, replayed by pgbench (${limit.statements.length}, sent by both of two recorded charges; ${limit.dropped} sent by one only, left out; ${limit.variedPerTransaction} values varied per transaction):`,
    ...limit.statements.map((text, i) => `  ${i + 1}. ${text}`),
    '',
  ];
}

export function formatFigures(runs: Run[], table: Table): string[] {
  return [
    ...toolTables(runs, table),
    ...runs.flatMap(({ kind, figures }) =>
      figures.limit === undefined ? [] : limitTable(kind, figures.plainAgain, figures.limit, table),
    ),
  ];
}
