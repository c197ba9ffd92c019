/** The load of `npm run bench:sandbox`: autocannon on one endpoint, and the charge count after. */
import autocannon from 'autocannon';
import { SANDBOX_KEYS } from '../../demo/service/accounts/sandbox-keys';
import { BROWSER } from '../../demo/testing/browser';
import { basic, CARD, chargeBody, SECRET } from './charge-request';

export { chargeBody, SECRET };

export type EndpointName = 'authenticate' | 'charges' | 'customers';

export interface Cell {
  endpoint: EndpointName;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ok: number;
  non2xx: number;
  errors: number;
  /**
   * The sandbox process's CPU time per answered request (its own, not the database's): less
   * sensitive than req/s to other work on a shared machine.
   */
  cpuMsPerRequest: number;
  /** The database server's CPU per answered request; undefined for PGlite (in the sandbox's process) or a server the bench cannot see. */
  dbCpuMsPerRequest?: number;
  /** The load generator's own CPU (autocannon, in the bench's process) per answered request. */
  loadCpuMsPerRequest: number;
}

const PUBLISHABLE = basic(SANDBOX_KEYS.publishable);

const authenticateBody = JSON.stringify({
  amount: 120.5,
  currency: 'BRL',
  card: { ...CARD, holderName: 'Ana Souza' },
  browser: BROWSER,
});

/** What the charges runs saw: every 201 and the ids it returned. */
export interface ChargeTally {
  /** Requests autocannon sent, the last of each client's included (its reply unread at the stop). */
  sent: number;
  created: number;
  ids: Set<string>;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** What a cell sends, for either load generator. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** A charge's body for buyer number `n` (every request a new buyer). */
  chargeBody?: (n: string) => string;
  /** Every request carries an `Idempotency-Key` of its own (`<run>-<n>`, never repeated). */
  idempotencyKeys?: boolean;
}

export function loadRequestOf(endpoint: EndpointName, run: string): LoadRequest {
  switch (endpoint) {
    case 'authenticate':
      return {
        method: 'POST',
        path: '/v1/three-ds/authenticate',
        headers: { ...JSON_HEADERS, authorization: PUBLISHABLE },
        body: authenticateBody,
      };
    case 'charges':
      return {
        method: 'POST',
        path: '/v1/charges',
        headers: { ...JSON_HEADERS, authorization: SECRET },
        chargeBody: (n) => chargeBody(run, n),
      };
    case 'customers':
      return { method: 'GET', path: '/v1/customers?limit=100', headers: { authorization: SECRET } };
  }
}

function autocannonRequest(
  request: LoadRequest,
  tally: ChargeTally,
  run: string,
): autocannon.Request {
  const { chargeBody: bodyOf, idempotencyKeys, ...fixed } = request;
  if (bodyOf === undefined) return fixed;
  let n = 0;
  return {
    ...fixed,
    setupRequest: (sent) => {
      const key = String(n++);
      return {
        ...sent,
        body: bodyOf(key),
        ...(idempotencyKeys
          ? { headers: { ...sent.headers, 'idempotency-key': `${run}-${key}` } }
          : {}),
      };
    },
    onResponse: (status, body) => {
      if (status !== 201) return;
      tally.created++;
      tally.ids.add((JSON.parse(body) as { id: string }).id);
    },
  };
}

export async function runCell(
  apiUrl: string,
  endpoint: EndpointName,
  connections: number,
  seconds: number,
  tally: ChargeTally,
  run: string,
  cpuMicros: () => Promise<number>,
  dbCpuMicros?: () => number,
  request: LoadRequest = loadRequestOf(endpoint, run),
): Promise<Cell> {
  const cpuBefore = await cpuMicros();
  const dbBefore = dbCpuMicros?.();
  const loadBefore = process.cpuUsage();
  const result = await autocannon({
    url: apiUrl,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [autocannonRequest(request, tally, run)],
  });
  const load = process.cpuUsage(loadBefore);
  const dbUsed = dbBefore === undefined ? undefined : (dbCpuMicros?.() ?? 0) - dbBefore;
  const cpuUsed = (await cpuMicros()) - cpuBefore;
  if (endpoint === 'charges') tally.sent += result.requests.sent;
  const answered = result['2xx'] + result.non2xx;
  return {
    endpoint,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: perRequest(cpuUsed, answered),
    ...(dbUsed === undefined ? {} : { dbCpuMsPerRequest: perRequest(dbUsed, answered) }),
    loadCpuMsPerRequest: perRequest(load.user + load.system, answered),
  };
}

const perRequest = (micros: number, answered: number) =>
  answered === 0 ? 0 : Math.round(micros / answered) / 1000;

/** The customers the merchant holds, from the list's total. */
export async function customerTotal(apiUrl: string): Promise<number> {
  const reply = await fetch(`${apiUrl}/v1/customers?limit=1`, {
    headers: { authorization: SECRET },
    signal: AbortSignal.timeout(10_000),
  });
  if (!reply.ok) throw new Error(`GET /v1/customers: ${reply.status}`);
  return ((await reply.json()) as { meta: { total: number } }).meta.total;
}

/** How many of the ids `GET /v1/charges/{id}` finds (16 at a time). */
export async function chargesFound(apiUrl: string, ids: Iterable<string>): Promise<number> {
  const queue = [...ids];
  let found = 0;
  const worker = async () => {
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      const reply = await fetch(`${apiUrl}/v1/charges/${id}`, {
        headers: { authorization: SECRET },
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await reply.json()) as { id?: string };
      if (reply.status === 200 && body.id === id) found++;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  return found;
}
