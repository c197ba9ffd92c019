// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import { charge, rawCard } from '../../testing/charges';
import { call, KEYS, useSandbox } from '../../testing/sandbox';
import { REQUEST_LOG_CAP } from './rules';

const t = useSandbox();
const OTHER = 'sk_test_noconnect';
const CARD = '4111111111111111';

interface Entry {
  id: string;
  at: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
  status: number | null;
  durationMs: number;
  faultId: string | null;
  idempotentReplayed: boolean;
  requestBody: unknown;
  responseBody: unknown;
}
interface Log {
  data: Entry[];
  meta: { total: number; page: number; limit: number; totalPages: number };
}

const log = (query = '', key: string = KEYS.secret) =>
  t.api<Log>(`/sandbox/requests${query}`, { key });

describe('GET /sandbox/requests', () => {
  it('the merchant’s requests, newest first, with every field; card numbers and secrets cut', async () => {
    const paid = await t.secret('/v1/charges', {
      body: charge({ paymentMethod: rawCard({ number: CARD, cvv: '987' }) }),
    });
    expect(paid.status).toBe(201);
    const refused = await t.secret('/v1/charges', {
      body: { ...charge(), password: 'hunter2', accessToken: 'eyJsecret' },
    });
    expect(refused.status).toBe(400);
    await t.secret('/v1/customers?limit=2&page=1');

    const reply = await log('?limit=3');
    expect(reply.status).toBe(200);
    const [customers, bad, created] = reply.body.data;
    expect(customers).toEqual({
      id: expect.stringMatching(/^req_[0-9a-f]{24}$/),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      method: 'GET',
      path: '/v1/customers',
      query: { limit: '2', page: '1' },
      status: 200,
      durationMs: expect.any(Number),
      faultId: null,
      idempotentReplayed: false,
      requestBody: null,
      responseBody: expect.objectContaining({ data: expect.any(Array) }),
    });
    expect(created).toMatchObject({ method: 'POST', path: '/v1/charges', status: 201 });
    expect(created?.requestBody).toMatchObject({
      paymentMethod: { number: '****1111', cvv: '***' },
    });
    expect(created?.responseBody).toMatchObject({ id: (paid.body as { id: string }).id });
    expect(bad).toMatchObject({
      status: 400,
      requestBody: { password: '***', accessToken: '***' },
      responseBody: { statusCode: 400 },
    });
    for (const secret of [CARD, '"987"', 'hunter2', 'eyJsecret', 'Basic ']) {
      expect(reply.text).not.toContain(secret);
    }
    // Reading the log is not logged; another merchant sees none of it.
    expect((await log('?limit=1')).body.data[0]?.id).toBe(customers?.id);
    expect((await log('', OTHER)).body.data).toEqual([]);
  });

  it('any credential of the merchant: its token and its publishable key; never a login', async () => {
    await t.as('merchant@sandbox.test', '/v1/wallets');
    const entries = (await log('?path=/v1/wallets')).body.data;
    expect(entries[0]).toMatchObject({ method: 'GET', path: '/v1/wallets', status: 200 });
    expect((await log('?path=/v1/auth')).body.data).toEqual([]);
    const everything = await log('?limit=100');
    expect(everything.text).not.toContain('"sandbox"');
  });

  it('filters by method, path prefix and status; pages with the list rules', async () => {
    await t.secret('/v1/customers/cus_missing');
    await t.secret('/v1/customers/cus_missing2');
    const missing = await log('?method=GET&path=/v1/cust&status=404&limit=1&page=2');
    expect(missing.body.meta).toEqual({ total: 2, page: 2, limit: 1, totalPages: 2 });
    expect(missing.body.data.map((entry) => entry.path)).toEqual(['/v1/customers/cus_missing']);
    // A prefix matches itself literally: `_` is no wildcard.
    expect((await log('?path=/v1/customers/cus_missing_')).body.data).toEqual([]);
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?status=abc', 'status'],
      ['?method=FOO', 'method'],
      ['?page=x', 'page'],
    ] as const) {
      const reply = await log(query);
      expect(reply.status).toBe(400);
      expect(String((reply.body as unknown as { message: string }).message)).toMatch(
        new RegExp(`^${field}`),
      );
    }
  });

  it('faultId of the rule that answered; a dropped request has no status but its body', async () => {
    const fault = await t.secret<{ id: string }>('/sandbox/faults', {
      body: { method: 'GET', path: '/v1/customers', action: { status: 503 }, times: 1 },
    });
    const drop = await t.secret<{ id: string }>('/sandbox/faults', {
      body: { method: 'POST', path: '/v1/charges', action: { drop: true }, times: 1 },
    });
    expect((await t.secret('/v1/customers')).status).toBe(503);
    await expect(
      call(`${t.sandbox.apiUrl}/v1/charges`, { key: KEYS.secret, body: charge() }),
    ).rejects.toThrow();
    const [dropped, faulted] = (await log('?limit=2')).body.data;
    expect(faulted).toMatchObject({ status: 503, faultId: fault.body.id });
    expect(faulted?.responseBody).toMatchObject({ statusCode: 503 });
    expect(dropped).toMatchObject({
      method: 'POST',
      status: null,
      faultId: drop.body.id,
      responseBody: null,
      requestBody: { paymentMethod: { number: '****1111', cvv: '***' } },
    });
    await t.secret('/sandbox/faults', { method: 'DELETE' });
  });

  it('idempotentReplayed when the answer is a replay', async () => {
    const headers = { 'Idempotency-Key': 'log-replay-1' };
    const first = await t.secret('/v1/charges', { body: charge(), headers });
    const again = await t.secret('/v1/charges', { body: charge(), headers });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const [replayed, original] = (await log('?limit=2')).body.data;
    expect(original).toMatchObject({ status: first.status, idempotentReplayed: false });
    expect(replayed).toMatchObject({ status: first.status, idempotentReplayed: true });
    expect(replayed?.responseBody).toEqual(first.body);
  });

  it('401 without a key, 403 with a publishable key', async () => {
    expect((await t.api('/sandbox/requests')).status).toBe(401);
    expect((await t.api('/sandbox/requests', { key: KEYS.publishable })).status).toBe(403);
  });

  it(`keeps the newest ${REQUEST_LOG_CAP} per merchant (here a cap of 3)`, async () => {
    const small = await startSandbox({
      apiPort: 0,
      threeDsPort: 0,
      demoPort: 0,
      database: t.sandbox.database,
      requestLogCap: 3,
    });
    try {
      for (let page = 1; page <= 5; page++) {
        await call(`${small.apiUrl}/v1/customers?page=${page}`, { key: OTHER });
      }
      const kept = await call<Log>(`${small.apiUrl}/sandbox/requests`, { key: OTHER });
      expect(kept.body.meta.total).toBe(3);
      expect(kept.body.data.map((entry) => entry.query.page)).toEqual(['5', '4', '3']);
      // Another merchant's log is not trimmed by it.
      expect((await log()).body.meta.total).toBeGreaterThan(3);
    } finally {
      await small.close();
    }
  });
});
