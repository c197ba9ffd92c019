// @vitest-environment node
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charge } from '../../testing/charges';
import { EventReceiver } from '../../testing/receiver';
import { authenticateBody, KEYS, login, useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS } from '../accounts/seed';
import { KSUID_PATTERN } from '../kernel/db/ksuid';
import type { ThrowawayMerchant } from './schema';

const lines: string[] = [];
const t = useSandbox({ log: (line) => lines.push(line) });
const receiver = new EventReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

type List = { data: Array<{ id: string }>; total: number };

async function create(body: unknown = {}): Promise<ThrowawayMerchant> {
  const reply = await t.api<ThrowawayMerchant>('/sandbox/merchants', { method: 'POST', body });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

const ids = async (path: string, key: string) => {
  const reply = await t.api<List | List['data']>(path, { key });
  expect(reply.status, reply.text).toBe(200);
  // `GET /v1/cards` answers a bare array; the other lists a page.
  return (Array.isArray(reply.body) ? reply.body : reply.body.data).map((row) => row.id);
};

/** Rows naming these merchants, per table that has a `merchant_id` (and `merchants` by id). */
async function rowsOf(merchantIds: readonly string[]): Promise<Record<string, number>> {
  const { db } = t.sandbox.database;
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.columns
     where table_schema = current_schema() and column_name = 'merchant_id'`.execute(db);
  const counts: Record<string, number> = {};
  const list = sql.join(merchantIds);
  for (const { name } of [...tables.rows, { name: 'merchants' }]) {
    const column = sql.ref(name === 'merchants' ? 'id' : 'merchant_id');
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from ${sql.table(name)} where ${column} in (${list})`.execute(db);
    counts[name] = Number(rows[0]?.n);
  }
  return counts;
}

describe('POST /sandbox/merchants', { timeout: 30_000 }, () => {
  it('makes a master with its own keys, login, clock, starter data and an active sub-merchant', async () => {
    const made = await create({ name: 'QA run 17' });
    expect(made).toMatchObject({ name: 'QA run 17', subMerchants: [expect.any(Object)] });
    expect(made.id).toMatch(KSUID_PATTERN);
    expect(made.secretKey).toMatch(/^sk_test_[0-9a-f]{40}$/);
    expect(made.publishableKey).toMatch(/^pk_test_[0-9a-f]{40}$/);
    const hours = (Date.parse(made.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    // Made in well under a second (its log line; measured, not asserted).
    const line = lines.find((l) => l.includes(`throwaway merchant ${made.id} made in`));
    expect(line).toBeDefined();
    console.info(line);

    const token = await login(t.sandbox.apiUrl, made.email, made.password);
    const me = await t.api<{ merchantId: string }>('/v1/auth/login', {
      body: { email: made.email, password: made.password },
    });
    expect(me.body.merchantId).toBe(made.id);
    const clock = await t.api<{ offsetDays: number }>('/sandbox/clock', { key: made.secretKey });
    expect(clock.body).toMatchObject({ merchantId: made.id, offsetDays: 0 });
    expect(await ids('/sandbox/webhook-endpoints', made.secretKey)).toEqual([]);

    // The starter data of the seeded master (Loja Exemplo), under ids of its own.
    const seeded = {
      customers: await ids('/v1/customers?limit=100', KEYS.secret),
      cards: await ids('/v1/cards', KEYS.secret),
      plans: await ids('/v1/subscription-plans?limit=100', KEYS.secret),
    };
    for (const [path, seededIds] of Object.entries(seeded)) {
      const own = await ids(
        `/v1/${path === 'plans' ? 'subscription-plans' : path}?limit=100`,
        made.secretKey,
      );
      expect(own.length, path).toBe(seededIds.length);
      expect(
        own.filter((id) => seededIds.includes(id)),
        path,
      ).toEqual([]);
    }
    // Its token works too, and its wallet opens as the seeded master's does.
    type Wallet = { currency: string; balance: { available: number } };
    const wallets = await t.api<Wallet[]>('/v1/wallets', { bearer: token });
    expect(wallets.status, wallets.text).toBe(200);
    expect(wallets.body.find((w) => w.currency === 'BRL')?.balance.available).toBe(5432.1);

    // The sub-merchant: active, its own keys and login, its starter data.
    const [sub] = made.subMerchants;
    if (sub === undefined) throw new Error('no sub-merchant');
    const subs = await t.api<{ data: Array<{ id: string; status: string }> }>('/v1/submerchants', {
      key: made.secretKey,
    });
    expect(subs.body.data).toEqual([expect.objectContaining({ id: sub.id, status: 'active' })]);
    expect((await ids('/v1/customers', sub.secretKey)).length).toBe(2);
    await login(t.sandbox.apiUrl, sub.email, made.password);
    const auth = await t.api('/v1/three-ds/authenticate', {
      key: sub.publishableKey,
      body: authenticateBody('4000000000000010'),
    });
    expect(auth.status, auth.text).toBe(200);
  });

  it('two throwaway merchants share no row: fresh ids for every resource', async () => {
    const [a, b] = await Promise.all([create(), create({ enableConnect: true })]);
    if (a === undefined || b === undefined) throw new Error('not made');
    for (const path of ['/v1/customers?limit=100', '/v1/cards', '/v1/subscription-plans']) {
      const ofA = await ids(path, a.secretKey);
      const ofB = await ids(path, b.secretKey);
      expect(
        ofA.filter((id) => ofB.includes(id)),
        path,
      ).toEqual([]);
    }
  });

  it('without Connect: no capability and no sub-merchant', async () => {
    const made = await create({ enableConnect: false });
    expect(made.subMerchants).toEqual([]);
    const fees = await t.api(`/v1/connect/sub-accounts/${made.id}/fees-info`, {
      key: made.secretKey,
    });
    expect(fees.status).not.toBe(200);
  });

  it('names what is wrong in its body', async () => {
    const empty = await t.api('/sandbox/merchants', { body: { name: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(empty.text).toContain('name');
    const unknown = await t.api('/sandbox/merchants', { body: { colour: 'blue' } });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('colour');
    const none = await t.api<ThrowawayMerchant>('/sandbox/merchants', { method: 'POST' });
    expect(none.status, none.text).toBe(201);
  });
});

describe('a throwaway merchant at work', { timeout: 30_000 }, () => {
  it('charges with its own keys; its lists show only its data; the seeded merchant sees none', async () => {
    const made = await create();
    const paid = await t.api<{ id: string; status: string }>('/v1/charges', {
      key: made.secretKey,
      body: charge(),
    });
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.status).toBe('paid');
    const events = await t.api<{ data: Array<{ resourceId?: string; data?: { id: string } }> }>(
      '/sandbox/events',
      { key: made.secretKey },
    );
    expect(events.status, events.text).toBe(200);
    expect(events.body.data.length).toBeGreaterThan(0);
    expect(events.text).toContain(paid.body.id);
    const seededEvents = await t.api('/sandbox/events?limit=100', { key: KEYS.secret });
    expect(seededEvents.text).not.toContain(paid.body.id);
    const fromSeeded = await t.api(`/v1/charges/${paid.body.id}`, { key: KEYS.secret });
    expect(fromSeeded.status).toBe(404);
    const own = await t.api(`/v1/charges/${paid.body.id}`, { key: made.secretKey });
    expect(own.status).toBe(200);
  });
});

describe('DELETE /sandbox/merchants/{id}', { timeout: 30_000 }, () => {
  it('removes every row it and its sub-merchant own; their keys and tokens answer 401 at once', async () => {
    const made = await create();
    const sub = made.subMerchants[0];
    if (sub === undefined) throw new Error('no sub-merchant');
    const all = [made.id, sub.id];
    // Something in every kind of table: an endpoint, a charge with its events and deliveries,
    // a clock advance with its renewals, a 3DS authentication, a refund.
    const endpoint = await t.api('/sandbox/webhook-endpoints', {
      key: made.secretKey,
      body: { url: receiver.url, events: ['*'] },
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    const paid = await t.api<{ id: string }>('/v1/charges', {
      key: made.secretKey,
      body: charge(),
    });
    expect(paid.status, paid.text).toBe(201);
    await receiver.waitFor((r) => r.body.data.id === paid.body.id, 10_000);
    await t.api(`/v1/charges/${paid.body.id}/refund`, { key: made.secretKey, method: 'POST' });
    const advanced = await t.api('/sandbox/clock/advance', {
      key: made.secretKey,
      body: { days: 3 },
    });
    expect(advanced.status, advanced.text).toBe(200);
    await t.api('/v1/charges', { key: sub.secretKey, body: charge() });
    const token = await login(t.sandbox.apiUrl, made.email, made.password);
    // Keys are cached once found: the deletion must drop them.
    expect((await t.api('/sandbox/clock', { key: sub.secretKey })).status).toBe(200);
    await t.sandbox.webhooks.idle();
    const before = await rowsOf(all);
    for (const table of [
      'merchants',
      'api_keys',
      'logins',
      'merchant_clocks',
      'customers',
      'cards',
      'subscription_plans',
      'subscriptions',
      'fees',
      'balance_entries',
      'charges',
      'events',
      'webhook_endpoints',
      'webhook_deliveries',
      'webhook_attempts',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }

    const deleted = await t.api(`/sandbox/merchants/${made.id}`, {
      method: 'DELETE',
      key: made.secretKey,
    });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ id: made.id, deleted: true });

    const after = await rowsOf(all);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    for (const key of [made.secretKey, sub.secretKey]) {
      expect((await t.api('/sandbox/clock', { key })).status).toBe(401);
    }
    const threeDs = await t.api('/v1/three-ds/authenticate', {
      key: made.publishableKey,
      body: {},
    });
    expect(threeDs.status).toBe(401);
    expect((await t.api('/v1/customers', { bearer: token })).status).toBe(401);
    const again = await t.api('/v1/auth/login', {
      body: { email: made.email, password: made.password },
    });
    expect(again.status).toBe(401);
    // The seeded merchant is untouched.
    expect((await ids('/v1/customers', KEYS.secret)).length).toBeGreaterThan(0);
  });

  it('another merchant’s key gets the 404 of a resource it does not own; no key 401', async () => {
    const [a, b] = await Promise.all([create(), create()]);
    if (a === undefined || b === undefined) throw new Error('not made');
    for (const key of [b.secretKey, KEYS.secret, a.subMerchants[0]?.secretKey ?? '']) {
      const reply = await t.api(`/sandbox/merchants/${a.id}`, { method: 'DELETE', key });
      expect(reply.status, reply.text).toBe(404);
      expect(reply.body).toEqual({
        statusCode: 404,
        message: 'merchant not found',
        error: 'Not Found',
      });
    }
    const unknown = await t.api(`/sandbox/merchants/${'0'.repeat(27)}`, {
      method: 'DELETE',
      key: a.secretKey,
    });
    expect(unknown.status).toBe(404);
    expect((await t.api(`/sandbox/merchants/${a.id}`, { method: 'DELETE' })).status).toBe(401);
    const publishable = await t.api(`/sandbox/merchants/${a.id}`, {
      method: 'DELETE',
      key: a.publishableKey,
    });
    expect(publishable.status).toBe(403);
    expect((await t.api('/sandbox/clock', { key: a.secretKey })).status).toBe(200);
  });

  it('a seeded account cannot be deleted (400), nor a throwaway merchant’s sub-merchant alone', async () => {
    const seeded = await t.api(`/sandbox/merchants/${SEED_MERCHANT_IDS.lojaExemplo}`, {
      method: 'DELETE',
      key: KEYS.secret,
    });
    expect(seeded.status, seeded.text).toBe(400);
    expect(seeded.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(seeded.text).toContain('seeded account');
    const subKey = await t.api(`/sandbox/merchants/${SEED_MERCHANT_IDS.subAtiva}`, {
      method: 'DELETE',
      key: 'sk_test_sub',
    });
    expect(subKey.status).toBe(400);
    const made = await create();
    const sub = made.subMerchants[0];
    if (sub === undefined) throw new Error('no sub-merchant');
    const alone = await t.api(`/sandbox/merchants/${sub.id}`, {
      method: 'DELETE',
      key: sub.secretKey,
    });
    expect(alone.status).toBe(400);
    expect(alone.text).toContain('with its master');
    expect((await t.api('/v1/customers', { key: KEYS.secret })).status).toBe(200);
  });
});
