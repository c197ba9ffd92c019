// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { login, useSandbox } from '../../testing/sandbox';
import { THROWAWAY_TTL_MS } from './rules';
import type { ThrowawayMerchant } from './schema';

// The real time throwaway merchants live by, moved by the test; a cap of 2 instead of 1,000.
let now = Date.now();
const t = useSandbox({ throwaway: { cap: 2, now: () => now } });

async function create(): Promise<ThrowawayMerchant> {
  const reply = await t.api<ThrowawayMerchant>('/sandbox/merchants', { body: {} });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
}

const merchantsNamed = async (ids: readonly string[]) =>
  (
    await t.sandbox.database.db
      .selectFrom('merchants')
      .select('id')
      .where('id', 'in', ids)
      .execute()
  ).length;

describe('throwaway merchants are bounded', { timeout: 30_000 }, () => {
  it('at most the cap live at once: one more is a 429 naming the cap; a deletion frees a place', async () => {
    const first = await create();
    await create();
    const third = await t.api('/sandbox/merchants', { body: {} });
    expect(third.status, third.text).toBe(429);
    expect(third.body).toEqual({
      statusCode: 429,
      message: expect.stringContaining('at most 2 throwaway merchants may be live at once'),
      error: 'Too Many Requests',
    });
    const deleted = await t.api(`/sandbox/merchants/${first.id}`, {
      method: 'DELETE',
      key: first.secretKey,
    });
    expect(deleted.status, deleted.text).toBe(200);
    await create();
  });

  it('expire 24 hours after creation: keys, token and login 401; the next creation sweeps them', async () => {
    now += THROWAWAY_TTL_MS; // the two of the test above expire; a fresh pair is made
    const [a, b] = [await create(), await create()];
    const token = await login(t.sandbox.apiUrl, a.email, a.password);
    const sub = a.subMerchants[0];
    if (sub === undefined) throw new Error('no sub-merchant');
    // Found (and cached) while live.
    expect((await t.api('/sandbox/clock', { key: a.secretKey })).status).toBe(200);
    expect((await t.api('/v1/wallets', { bearer: token })).status).toBe(200);

    now += THROWAWAY_TTL_MS - 1;
    expect((await t.api('/sandbox/clock', { key: a.secretKey })).status).toBe(200);
    now += 1;
    for (const key of [a.secretKey, b.secretKey, sub.secretKey]) {
      expect((await t.api('/sandbox/clock', { key })).status).toBe(401);
    }
    const threeDs = await t.api('/v1/three-ds/authenticate', { key: a.publishableKey, body: {} });
    expect(threeDs.status).toBe(401);
    expect((await t.api('/v1/wallets', { bearer: token })).status).toBe(401);
    const again = await t.api('/v1/auth/login', { body: { email: a.email, password: a.password } });
    expect(again.status).toBe(401);

    // None is live: there is room, and making one sweeps the expired ones away.
    expect(await merchantsNamed([a.id, b.id, sub.id])).toBe(3);
    await create();
    expect(await merchantsNamed([a.id, b.id, sub.id])).toBe(0);
  });
});
