/**
 * The test tools' figures of `npm run bench:sandbox`: a throwaway merchant's creation and
 * deletion through HTTP, and the throwaway merchants that hold fault rules while the charges
 * run (rules of other merchants: the charges' merchant has none).
 */
import { percentile } from './stats';

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

interface Made {
  id: string;
  secretKey: string;
}

async function call(apiUrl: string, path: string, init: RequestInit, expected: number) {
  const reply = await fetch(`${apiUrl}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await reply.text();
  if (reply.status !== expected)
    throw new Error(`${init.method} ${path}: ${reply.status} ${text.slice(0, 300)}`);
  return text;
}

const makeMerchant = async (apiUrl: string, name: string): Promise<Made> =>
  JSON.parse(
    await call(
      apiUrl,
      '/sandbox/merchants',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name }),
      },
      201,
    ),
  ) as Made;

const deleteMerchant = (apiUrl: string, made: Made) =>
  call(
    apiUrl,
    `/sandbox/merchants/${made.id}`,
    { method: 'DELETE', headers: { authorization: basic(made.secretKey) } },
    200,
  );

export interface ThrowawayTimes {
  merchants: number;
  createP50Ms: number;
  createP99Ms: number;
  deleteP50Ms: number;
  deleteP99Ms: number;
}

const ms = (value: number) => Math.round(value * 10) / 10;

/** `count` merchants made one after another, then deleted one after another, each timed. */
export async function timeThrowawayMerchants(
  apiUrl: string,
  count: number,
): Promise<ThrowawayTimes> {
  const made: Made[] = [];
  const create: number[] = [];
  const remove: number[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      made.push(await makeMerchant(apiUrl, `Bench throwaway ${i}`));
      create.push(performance.now() - started);
    }
    for (let one = made.shift(); one !== undefined; one = made.shift()) {
      const started = performance.now();
      await deleteMerchant(apiUrl, one);
      remove.push(performance.now() - started);
    }
  } finally {
    await Promise.all(made.map((one) => deleteMerchant(apiUrl, one).catch(() => undefined)));
  }
  return {
    merchants: count,
    createP50Ms: ms(percentile(create, 50)),
    createP99Ms: ms(percentile(create, 99)),
    deleteP50Ms: ms(percentile(remove, 50)),
    deleteP99Ms: ms(percentile(remove, 99)),
  };
}

/** A rule for each of the paths a merchant's tests would fault: all would answer the charges. */
const RULES = [
  { method: 'POST', path: '/v1/charges', action: { status: 503 } },
  { method: 'POST', path: '/v1/charges', action: { drop: true }, probability: 0.5, seed: 'bench' },
  { method: 'GET', path: '/v1/charges/*', action: { delayMs: 2000 } },
  { method: 'POST', path: '/v1/charges/*/refund', action: { status: 500 } },
  { path: '/v1/customers', action: { status: 429 }, times: 3 },
];

/**
 * `merchants` throwaway merchants holding `rules` fault rules between them, every one of which
 * would answer `POST /v1/charges` or its neighbours; `remove()` deletes them (rules included).
 */
export async function installForeignFaults(apiUrl: string, rules: number, merchants: number) {
  const made: Made[] = [];
  const remove = async () => {
    for (let one = made.shift(); one !== undefined; one = made.shift())
      await deleteMerchant(apiUrl, one);
  };
  try {
    for (let m = 0; m < merchants; m++) made.push(await makeMerchant(apiUrl, `Bench faults ${m}`));
    for (let r = 0; r < rules; r++) {
      const owner = made[r % merchants] as Made;
      await call(
        apiUrl,
        '/sandbox/faults',
        {
          method: 'POST',
          headers: { authorization: basic(owner.secretKey), 'content-type': 'application/json' },
          body: JSON.stringify(RULES[r % RULES.length]),
        },
        201,
      );
    }
  } catch (error) {
    await remove().catch(() => undefined);
    throw error;
  }
  return { remove };
}
