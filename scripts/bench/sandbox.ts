/**
 * `npm run bench:sandbox [-- --json] [-- --seconds N] [-- --database pglite|postgres]
 * [-- --requests authenticate,charges,customers] [-- --clients 1,16,64]`: the
 * sandbox's API under load (autocannon, loopback) on the embedded database and on PostgreSQL
 * (DATABASE_URL, else a throwaway cluster through scripts/with-postgres.mjs): requests/s and
 * p50/p99 and the sandbox's CPU per request, per endpoint at 1, 16 and 64 clients, start-up
 * time, memory, and whether every charge created (201) is still there, once: read back by id,
 * and the rows the charges and customers tables gained (exit code 1 if not). Then, in the same
 * run (`sandbox-figures.ts`, `[-- --merchants N]`): throwaway merchants' creation and deletion,
 * charges with an Idempotency-Key on each and with other merchants' fault rules, and on
 * PostgreSQL the limit the charges are held to (pgbench on the same statements). Progress goes to
 * stderr; stdout gets the tables or JSON.
 */
import { loadavg } from 'node:os';
import { portOf, postgresCpu } from './process-cpu';
import {
  type Cell,
  type ChargeTally,
  chargesFound,
  customerTotal,
  type EndpointName,
  loadRequestOf,
  runCell,
} from './sandbox-load';
import { hasWrk, runWrkCell } from './wrk-cell';

/** wrk when installed: a C load generator takes a fraction of autocannon's CPU per request. */
type LoadGenerator = 'wrk' | 'autocannon';

import { benchFigures } from './sandbox-figures';
import { type DatabaseKind, READY_TIMEOUT_MS, spawnServer } from './sandbox-process';
import { type DatabaseRun, formatSandboxReport } from './sandbox-report';
import type { ServerReady } from './sandbox-server';

const ENDPOINTS: EndpointName[] = ['authenticate', 'charges', 'customers'];
const CLIENTS = [1, 16, 64];

function parseArgs(argv: string[]) {
  const known = new Set([
    '--json',
    '--seconds',
    '--database',
    '--requests',
    '--clients',
    '--load-generator',
    '--merchants',
  ]);
  const unknown = argv.find((arg) => arg.startsWith('--') && !known.has(arg));
  if (unknown)
    throw new Error(
      `unknown option ${unknown} (use --json, --seconds N, --database pglite|postgres, --requests ${ENDPOINTS.join(',')}, --clients 1,16,64, --load-generator wrk|autocannon, --merchants N)`,
    );
  const generatorAt = argv.indexOf('--load-generator');
  const generator = (
    generatorAt === -1 ? (hasWrk() ? 'wrk' : 'autocannon') : argv[generatorAt + 1]
  ) as LoadGenerator;
  if (generator !== 'wrk' && generator !== 'autocannon')
    throw new Error('--load-generator is wrk or autocannon');
  if (generator === 'wrk' && !hasWrk())
    throw new Error('wrk is not installed (apt-get install wrk)');
  const listOf = (name: string): string[] | undefined => {
    const i = argv.indexOf(name);
    return i === -1 ? undefined : (argv[i + 1] ?? '').split(',');
  };
  const endpoints = (listOf('--requests') ?? ENDPOINTS) as EndpointName[];
  if (endpoints.some((e) => !ENDPOINTS.includes(e)))
    throw new Error(`--requests takes some of ${ENDPOINTS.join(',')}`);
  const clients = (listOf('--clients') ?? CLIENTS.map(String)).map(Number);
  if (clients.some((c) => !Number.isInteger(c) || c < 1 || c > 256))
    throw new Error('--clients takes whole numbers from 1 to 256, comma-separated');
  const at = argv.indexOf('--seconds');
  const seconds = at === -1 ? 5 : Number(argv[at + 1]);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 60)
    throw new Error('--seconds needs a whole number from 1 to 60');
  const dbAt = argv.indexOf('--database');
  const only = dbAt === -1 ? undefined : argv[dbAt + 1];
  if (only !== undefined && only !== 'pglite' && only !== 'postgres')
    throw new Error('--database is pglite or postgres');
  const databases: DatabaseKind[] = only ? [only] : ['pglite', 'postgres'];
  const merchantsAt = argv.indexOf('--merchants');
  const merchants = merchantsAt === -1 ? 50 : Number(argv[merchantsAt + 1]);
  if (!Number.isInteger(merchants) || merchants < 1 || merchants > 500)
    throw new Error('--merchants needs a whole number from 1 to 500');
  return {
    json: argv.includes('--json'),
    seconds,
    databases,
    endpoints,
    clients,
    generator,
    merchants,
  };
}

interface Plan {
  seconds: number;
  generator: LoadGenerator;
  endpoints: EndpointName[];
  clients: number[];
  merchants: number;
}

async function benchDatabase(
  kind: DatabaseKind,
  { seconds, endpoints, clients: clientCounts, generator, merchants }: Plan,
  progress: (line: string) => void,
): Promise<DatabaseRun> {
  progress(`▶ ${kind}: starting the sandbox`);
  const server = spawnServer(kind);
  try {
    const ready = await server.next<ServerReady>(READY_TIMEOUT_MS);
    progress(`  ${ready.database} at ${ready.apiUrl}, startSandbox() ${ready.startMs} ms`);
    const tally: ChargeTally = { sent: 0, created: 0, ids: new Set() };
    const cpu = async () => (await server.memory()).cpuMicros;
    const port = portOf(ready.database);
    const dbCpu = port === undefined ? undefined : postgresCpu(port);
    const customersBefore = await customerTotal(ready.apiUrl);
    const rowsBefore = await server.rows();
    const cells: Cell[] = [];
    for (const endpoint of endpoints) {
      progress(`  ${endpoint}: warm-up 1 s`);
      await runCell(ready.apiUrl, endpoint, 16, 1, tally, `${kind}-warm`, cpu);
      for (const clients of clientCounts) {
        const run = `${kind}-${clients}`;
        const cell =
          generator === 'wrk'
            ? await runWrkCell(
                ready.apiUrl,
                endpoint,
                loadRequestOf(endpoint, run),
                clients,
                seconds,
                tally,
                run,
                cpu,
                dbCpu,
              )
            : await runCell(ready.apiUrl, endpoint, clients, seconds, tally, run, cpu, dbCpu);
        progress(
          `  ${endpoint} × ${clients}: ${cell.requestsPerSecond} req/s, p99 ${cell.p99Ms} ms, ${cell.cpuMsPerRequest} ms CPU/request`,
        );
        cells.push(cell);
      }
    }
    const figures = await benchFigures({
      kind,
      server,
      apiUrl: ready.apiUrl,
      ...(ready.databaseUrl === undefined ? {} : { databaseUrl: ready.databaseUrl }),
      seconds,
      merchants,
      tally,
      cpu,
      ...(dbCpu === undefined ? {} : { dbCpu }),
      progress,
    });
    const after = await server.memory();
    const rowsAfter = await server.rows();
    progress(`  checking ${tally.ids.size} charges`);
    const foundByApi = await chargesFound(ready.apiUrl, tally.ids);
    // pgbench's and the in-process run's rows are not the load's: the check counts without them.
    const { untallied } = figures;
    return {
      kind,
      database: ready.database,
      startMs: ready.startMs,
      processMs: ready.processMs,
      rssAfterStartBytes: ready.rssBytes,
      rssAfterRunBytes: after.rssBytes,
      heapUsedAfterRunBytes: after.heapUsedBytes,
      cells,
      figures,
      charges: {
        sent: tally.sent,
        created: tally.created,
        distinctIds: tally.ids.size,
        foundByApi,
        customersAdded: (await customerTotal(ready.apiUrl)) - customersBefore - untallied.customers,
        chargeRowsAdded: rowsAfter.charges - rowsBefore.charges - untallied.charges,
        customerRowsAdded: rowsAfter.customers - rowsBefore.customers - untallied.customers,
      },
    };
  } finally {
    await server.stop();
  }
}

async function main() {
  const { json, databases, ...plan } = parseArgs(process.argv.slice(2));
  const { seconds } = plan;
  const progress = (line: string) => process.stderr.write(`${line}\n`);
  const loadBefore = loadavg();
  const runs: DatabaseRun[] = [];
  for (const kind of databases) runs.push(await benchDatabase(kind, plan, progress));
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    seconds,
    clients: plan.clients,
    loadGenerator: plan.generator,
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
      between(c.chargeRowsAdded)
    );
  });
  if (!intact) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
