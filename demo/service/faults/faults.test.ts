// @vitest-environment node
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import { charge } from '../../testing/charges';
import { authenticateBody, call, KEYS, useSandbox } from '../../testing/sandbox';
import { fires, seededDraw } from './rules';

const t = useSandbox();
const OTHER = 'sk_test_noconnect';
const MERCHANT_LOGIN = 'merchant@sandbox.test';

type Rule = { id: string; hits: number; [field: string]: unknown };

async function addFault(rule: Record<string, unknown>, key: string = KEYS.secret): Promise<Rule> {
  const reply = await t.api<Rule>('/sandbox/faults', { key, body: rule });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

const chargeCount = async () =>
  Number(
    (
      await t.sandbox.database.db
        .selectFrom('charges')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A request through node:http, as a merchant's server sends it: how a dropped one ends. */
function rawPost(path: string, body: unknown): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const url = new URL(t.sandbox.apiUrl + path);
    const sent = request(
      url,
      {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${KEYS.secret}:`).toString('base64')}`,
          'Content-Type': 'application/json',
        },
      },
      (reply) => {
        reply.resume();
        reply.on('end', () => resolve({ status: reply.statusCode }));
      },
    );
    sent.on('error', (error) => resolve({ error: error.message }));
    sent.end(JSON.stringify(body));
  });
}

afterEach(async () => {
  for (const key of [KEYS.secret, OTHER]) {
    expect((await t.api('/sandbox/faults', { method: 'DELETE', key })).status).toBe(200);
  }
});

describe('/sandbox/faults: the rules', () => {
  it('201 with the rule, its defaults and hits 0; listed, deleted one by one or all', async () => {
    const rule = await addFault({ method: 'POST', path: '/v1/charges', action: { status: 503 } });
    expect(rule).toEqual({
      id: expect.stringMatching(/^flt_[0-9a-f]{24}$/),
      method: 'POST',
      path: '/v1/charges',
      action: { status: 503 },
      probability: 1,
      times: null,
      seed: null,
      hits: 0,
    });
    const other = await addFault({ path: '/v1/charges/*/refund', action: { drop: true } });
    expect((await t.secret('/sandbox/faults')).body).toEqual({ data: [rule, other] });
    // Another merchant neither sees nor deletes them.
    expect((await t.api('/sandbox/faults', { key: OTHER })).body).toEqual({ data: [] });
    const foreign = await t.api(`/sandbox/faults/${rule.id}`, { method: 'DELETE', key: OTHER });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({
      statusCode: 404,
      message: 'fault not found',
      error: 'Not Found',
    });
    const deleted = await t.secret(`/sandbox/faults/${rule.id}`, { method: 'DELETE' });
    expect(deleted.body).toEqual({ id: rule.id, deleted: true });
    expect((await t.secret('/sandbox/faults', { method: 'DELETE' })).body).toEqual({ deleted: 1 });
    expect((await t.secret('/sandbox/faults')).body).toEqual({ data: [] });
  });

  it.each([
    [{ path: '/charges', action: { status: 500 } }, 'path must start with /v1/ or /sandbox/'],
    [{ path: '/v1/charges', action: { status: 302 } }, 'action.status must be at least 400'],
    [{ path: '/v1/charges', action: { delayMs: 0 } }, 'action.delayMs must be at least 1'],
    [{ path: '/v1/charges', action: { drop: false } }, 'action.drop'],
    [{ path: '/v1/charges', action: {} }, 'action must be one of'],
    [{ path: '/v1/charges', action: { drop: true }, probability: 0 }, 'probability'],
    [{ path: '/v1/charges', action: { drop: true }, times: 0 }, 'times must be at least 1'],
    [{ path: '/v1/charges', action: { drop: true }, method: 'PUT' }, 'method'],
    [{ path: '/sandbox/faults', action: { drop: true } }, 'never faulted'],
  ])('400 naming the field: %o', async (rule, message) => {
    const reply = await t.secret('/sandbox/faults', { body: rule });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(String(reply.body.message)).toContain(message);
  });

  it('401 without a key', async () => {
    expect((await t.api('/sandbox/faults')).status).toBe(401);
  });
});

describe('a status fault', () => {
  it('answers the spec’s body for the status, with Sandbox-Fault, instead of the operation', async () => {
    const rule = await addFault({ method: 'GET', path: '/v1/customers', action: { status: 503 } });
    const reply = await t.secret('/v1/customers');
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({
      statusCode: 503,
      message: 'Service Unavailable',
      error: 'Service Unavailable',
    });
    expect(reply.headers.get('Sandbox-Fault')).toBe(rule.id);
    // Another method of the path is not its.
    const deleted = await t.secret('/v1/customers', { method: 'DELETE' });
    expect([deleted.status, deleted.headers.get('Sandbox-Fault')]).toEqual([404, null]);
  });

  it('answers the body given', async () => {
    const body = { statusCode: 429, message: 'slow down' };
    await addFault({ path: '/v1/customers', action: { status: 429, body } });
    const reply = await t.secret('/v1/customers');
    expect([reply.status, reply.body]).toEqual([429, body]);
  });

  it('a faulted POST creates nothing', async () => {
    await addFault({ method: 'POST', path: '/v1/charges', action: { status: 500 } });
    const before = await chargeCount();
    const reply = await t.secret('/v1/charges', { body: charge() });
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(await chargeCount()).toBe(before);
  });

  it('stops after `times` answers; hits counts them', async () => {
    const rule = await addFault({ path: '/v1/customers', action: { status: 502 }, times: 2 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await t.secret('/v1/customers')).status);
    expect(statuses).toEqual([502, 502, 200, 200]);
    expect((await t.secret('/sandbox/faults')).body).toEqual({ data: [{ ...rule, hits: 2 }] });
  });

  it('never changes another merchant’s answers', async () => {
    await addFault({ path: '/v1/customers', action: { status: 503 } });
    await addFault({ path: '/v1/customers', action: { status: 504 } }, OTHER);
    const mine = await t.secret('/v1/customers');
    const theirs = await t.api('/v1/customers', { key: OTHER });
    expect([mine.status, theirs.status]).toEqual([503, 504]);
    await t.secret('/sandbox/faults', { method: 'DELETE' });
    const after = await t.secret('/v1/customers');
    expect([after.status, after.headers.get('Sandbox-Fault')]).toEqual([200, null]);
    expect((await t.api('/v1/customers', { key: OTHER })).status).toBe(504);
  });

  it('applies to the merchant’s token and to its publishable key on the 3DS routes', async () => {
    await addFault({ path: '/v1/wallets', action: { status: 503 } });
    await addFault({ path: '/v1/three-ds/authenticate', action: { status: 502 } });
    expect((await t.as(MERCHANT_LOGIN, '/v1/wallets')).status).toBe(503);
    const authenticate = await t.api('/v1/three-ds/authenticate', {
      key: KEYS.publishable,
      body: authenticateBody('4111111111111111'),
    });
    expect(authenticate.status).toBe(502);
    expect(authenticate.headers.get('Access-Control-Expose-Headers')).toBe('Sandbox-Fault');
  });
});

describe('delays and drops', () => {
  it('a delay waits, then runs the operation, with Sandbox-Fault', async () => {
    const rule = await addFault({ path: '/v1/customers', action: { delayMs: 300 } });
    const started = performance.now();
    const reply = await t.secret('/v1/customers');
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveProperty('data');
    expect(reply.headers.get('Sandbox-Fault')).toBe(rule.id);
  });

  it('a drop hangs up without an answer, and the POST creates nothing', async () => {
    await addFault({ method: 'POST', path: '/v1/charges', action: { drop: true }, times: 2 });
    const before = await chargeCount();
    expect(await rawPost('/v1/charges', charge())).toEqual({ error: 'socket hang up' });
    await expect(
      call(`${t.sandbox.apiUrl}/v1/charges`, { key: KEYS.secret, body: charge() }),
    ).rejects.toThrow(/fetch failed/);
    expect(await chargeCount()).toBe(before);
    // Spent: the next one goes through.
    expect((await t.secret('/v1/charges', { body: charge() })).status).toBe(201);
  });
});

describe('probability and seed', () => {
  const run = async (n: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await t.secret('/v1/customers')).status);
    return statuses;
  };
  const rule = { path: '/v1/customers', action: { status: 503 }, probability: 0.5, seed: 'qa-7' };

  it('the same sequence of requests meets the same faults, the seed’s draws', async () => {
    await addFault(rule);
    const first = await run(16);
    await t.secret('/sandbox/faults', { method: 'DELETE' });
    await addFault(rule);
    expect(await run(16)).toEqual(first);
    const expected = Array.from({ length: 16 }, (_, i) =>
      fires(0.5, seededDraw('qa-7', i + 1)) ? 503 : 200,
    );
    expect(first).toEqual(expected);
    expect(new Set(first)).toEqual(new Set([200, 503]));
  });

  it('the sequence survives a restart: another process on the database goes on with it', async () => {
    await addFault(rule);
    const before = await run(6);
    const again = await startSandbox({
      apiPort: 0,
      threeDsPort: 0,
      demoPort: 0,
      database: t.sandbox.database,
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await call(`${again.apiUrl}/v1/customers`, { key: KEYS.secret })).status);
      }
      const expected = Array.from({ length: 12 }, (_, i) =>
        fires(0.5, seededDraw('qa-7', i + 1)) ? 503 : 200,
      );
      expect([...before, ...statuses]).toEqual(expected);
    } finally {
      await again.close();
    }
  });
});
