/**
 * `npm run bench:webhooks`: 10 000 events delivered to a local receiver. For each database
 * (PGlite in a temp directory; PostgreSQL: DATABASE_URL, else a throwaway cluster) the sandbox
 * runs in a process of its own (`sandbox-server.ts`, default delivery settings: back-off 1 s); a
 * receiver in this process (loopback) is Outra Loja's one dashboard endpoint, taking every kind,
 * and answers 500 to a share of the first deliveries (`--fail`, default 1 %) so that retries
 * happen. Charges are made (two events each: `charge.created`, `charge.paid`) until the events
 * number `--events`; the bench waits until every event has arrived (bounded) and reports the
 * events delivered per second (overall, and after the last charge: delivery alone), the attempts
 * and the duplicates. An event lost, or a duplicate beyond the retries the receiver asked for,
 * exits with 1.
 *
 *   npm run bench:webhooks [-- --database pglite|postgres|both] [--events 10000] [--fail 0.01]
 */
import { createServer, type Server } from 'node:http';
import { basicApi, databasesFlag, flag } from './basic-api';
import { type DatabaseKind, READY_TIMEOUT_MS, spawnServer } from './sandbox-process';
import type { ServerReady } from './sandbox-server';

const KEY = 'sk_test_noconnect';
const CLIENTS = 8;
const REQUEST_TIMEOUT_MS = 30_000;
/** How long the deliveries may take after the last charge. */
const DRAIN_LIMIT_MS = 180_000;

function parseArgs(argv: string[]) {
  const events = Number(flag(argv, '--events') ?? 10_000);
  if (!Number.isInteger(events) || events < 2 || events > 200_000 || events % 2 !== 0) {
    throw new Error('--events is an even whole number from 2 to 200000');
  }
  const fail = Number(flag(argv, '--fail') ?? 0.01);
  if (!(fail >= 0 && fail <= 0.5)) throw new Error('--fail is a share from 0 to 0.5');
  return { databases: databasesFlag(argv), events, fail };
}

/** Counts arrivals by envelope id; answers 500 to a share of first arrivals. */
class Receiver {
  readonly arrivals = new Map<string, number>();
  failed = 0;
  firstAt = 0;
  lastAt = 0;
  url = '';
  private server: Server | undefined;

  constructor(private readonly failShare: number) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      req.on('end', () => {
        const { id } = JSON.parse(text) as { id: string };
        const seen = this.arrivals.get(id) ?? 0;
        this.arrivals.set(id, seen + 1);
        const now = performance.now();
        if (this.firstAt === 0) this.firstAt = now;
        this.lastAt = now;
        const fail = seen === 0 && Math.random() < this.failShare;
        if (fail) this.failed++;
        res.writeHead(fail ? 500 : 200).end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

const chargeBody = (n: number) => ({
  amount: 10,
  currency: 'BRL',
  customer: { name: `Bench ${n}`, email: `webhooks-${n}@example.com` },
  items: [{ type: 'digital', name: 'Item', quantity: 1, amount: 10 }],
  paymentMethod: {
    type: 'credit_card',
    number: '4111111111111111',
    holderName: 'Bench',
    expirationMonth: '12',
    expirationYear: '2040',
    cvv: '123',
    installments: 1,
  },
});

interface Result {
  database: string;
  events: number;
  received: number;
  lost: number;
  failedOnPurpose: number;
  extraArrivals: number;
  chargesSeconds: number;
  deliverySeconds: number;
  eventsPerSecond: number;
  /** Events that had arrived when the last charge was answered. */
  arrivedDuringCharges: number;
  /** The rest, per second, from the last charge to the last arrival: delivery alone. */
  drainPerSecond: number;
}

async function run(kind: DatabaseKind, events: number, failShare: number): Promise<Result> {
  const receiver = new Receiver(failShare);
  await receiver.start();
  const server = spawnServer(kind);
  try {
    const ready = await server.next<ServerReady>(READY_TIMEOUT_MS);
    const api = basicApi(ready.apiUrl, KEY, REQUEST_TIMEOUT_MS);
    await api('/sandbox/webhook-endpoints', { url: receiver.url, events: ['*'] });
    const charges = events / 2;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < charges) {
          const n = next++;
          await api('/v1/charges', chargeBody(n));
        }
      }),
    );
    const chargesEnded = performance.now();
    const chargesSeconds = (chargesEnded - started) / 1000;
    const arrivedDuringCharges = receiver.arrivals.size;
    const deadline = Date.now() + DRAIN_LIMIT_MS;
    while (receiver.arrivals.size < events && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Late retries of the last failures: give them the back-off they need (1 s, then 2 s).
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const arrivals = [...receiver.arrivals.values()].reduce((sum, n) => sum + n, 0);
    const deliverySeconds = (receiver.lastAt - started) / 1000;
    return {
      database: ready.database,
      events,
      received: receiver.arrivals.size,
      lost: events - receiver.arrivals.size,
      failedOnPurpose: receiver.failed,
      extraArrivals: arrivals - receiver.arrivals.size - receiver.failed,
      chargesSeconds: Math.round(chargesSeconds * 100) / 100,
      deliverySeconds: Math.round(deliverySeconds * 100) / 100,
      eventsPerSecond: Math.round(receiver.arrivals.size / deliverySeconds),
      arrivedDuringCharges,
      drainPerSecond: Math.round(
        (receiver.arrivals.size - arrivedDuringCharges) /
          Math.max((receiver.lastAt - chargesEnded) / 1000, 0.001),
      ),
    };
  } finally {
    await server.stop();
    await receiver.stop();
  }
}

const { databases, events, fail } = parseArgs(process.argv.slice(2));
const results: Result[] = [];
for (const kind of databases) results.push(await run(kind, events, fail));
console.log(
  `${events} events (${events / 2} charges, ${CLIENTS} clients) to one endpoint; the receiver fails ${fail * 100} % of first deliveries:\n`,
);
console.log(
  '| database | events | received (distinct ids) | lost | answered 500 on purpose | arrivals beyond those retries | charges took | all delivered after | events/s delivered | arrived while charging | events/s after the charges |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.database} | ${r.events} | ${r.received} | ${r.lost} | ${r.failedOnPurpose} | ${r.extraArrivals} | ${r.chargesSeconds} s | ${r.deliverySeconds} s | ${r.eventsPerSecond} | ${r.arrivedDuringCharges} | ${r.drainPerSecond} |`,
  );
}
if (results.some((r) => r.lost !== 0 || r.extraArrivals !== 0)) {
  console.error('An event was lost, or arrived more often than its retries explain.');
  process.exit(1);
}
