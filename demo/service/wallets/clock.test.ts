// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { BROWSER, charge, rawCard } from '../../testing/charges';
import { postChallengeForm, useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import { advanceClock, clockOffset, DAY_MS, type DueWindow } from '../kernel/clock';
import { SCENARIOS } from '../three-ds/scenarios';
import { advancedClockSchema, clockSchema, type Wallet } from './schema';

const t = useSandbox();

const SUB_KEY = 'sk_test_sub';
const cardOf = (name: string) => SCENARIOS.find((s) => s.name === name)?.card ?? '';

interface Clock {
  merchantId: string;
  now: string;
  offsetDays: number;
}

const clock = async (key: string) => {
  const reply = await t.api<Clock>('/sandbox/clock', { key });
  expect(reply.status).toBe(200);
  return clockSchema.parse(reply.body);
};
const advance = (key: string | null, body: unknown) =>
  t.api<Clock>('/sandbox/clock/advance', { key, body });

/** The merchant's BRL balance, as its login reads it. */
const brl = async (email = 'sub@sandbox.test') => {
  const reply = await t.as<Wallet[]>(email, '/v1/wallets?currency=BRL');
  expect(reply.status).toBe(200);
  return reply.body[0]?.balance;
};
const pay = async (amount: number, paymentMethod = rawCard()) => {
  const reply = await t.api<{ id: string; status: string }>('/v1/charges', {
    key: SUB_KEY,
    body: charge({ amount, paymentMethod }),
  });
  expect(reply.status).toBe(201);
  return reply.body;
};
const refund = async (id: string) => {
  const reply = await t.api(`/v1/charges/${id}/refund`, { key: SUB_KEY, method: 'POST' });
  expect(reply.body).toMatchObject({ status: 'refunded' });
};
const cents = (amount: number) => Math.round(amount * 100);

describe('the clock routes (a merchant’s secret key)', () => {
  const key = 'sk_test_noconnect';

  it('GET /sandbox/clock: the merchant’s time, not moved yet', async () => {
    const before = Date.now();
    const read = await clock(key);
    expect(read).toMatchObject({ merchantId: IDS.outraLoja, offsetDays: 0 });
    expect(Date.parse(read.now)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(read.now)).toBeLessThanOrEqual(Date.now());
  });

  it('POST /sandbox/clock/advance moves it, and moves add up', async () => {
    const before = Date.now();
    const moved = await advance(key, { days: 3 });
    expect(moved.status).toBe(200);
    expect(advancedClockSchema.parse(moved.body)).toMatchObject({
      merchantId: IDS.outraLoja,
      offsetDays: 3,
      events: {},
    });
    expect(Date.parse(moved.body.now)).toBeGreaterThanOrEqual(before + 3 * DAY_MS);
    expect((await advance(key, { days: 1 })).body.offsetDays).toBe(4);
    const read = await clock(key);
    expect(read.offsetDays).toBe(4);
    expect(Date.parse(read.now)).toBeGreaterThanOrEqual(before + 4 * DAY_MS);
    expect(Date.parse(read.now)).toBeLessThanOrEqual(Date.now() + 4 * DAY_MS);
  });

  it('another merchant’s clock does not move', async () => {
    expect((await clock('sk_test_sandbox')).offsetDays).toBe(0);
    expect((await clock('sk_test_other_sub')).offsetDays).toBe(0);
  });

  it.each([
    [{ days: 0 }, 'days must be at least 1'],
    [{ days: 3651 }, 'days must be at most 3650'],
    [{ days: 1.5 }, 'days must be a whole number'],
    [{ days: '2' }, 'days must be a number'],
    [{}, 'days is required'],
    [{ days: 1, hours: 2 }, 'hours is not a known field'],
  ])('400 for %j, naming days, and the clock stays', async (body, message) => {
    const reply = await advance(key, body);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ statusCode: 400, message, error: 'Bad Request' });
    expect((await clock(key)).offsetDays).toBe(4);
  });

  it('a publishable key is 403; no key or a Bearer token is 401', async () => {
    for (const path of ['/sandbox/clock', '/sandbox/clock/advance']) {
      const body = path.endsWith('advance') ? { days: 1 } : undefined;
      const publishable = await t.api(path, { key: 'pk_test_noconnect', body });
      expect(publishable.status).toBe(403);
      expect(publishable.body).toEqual({ statusCode: 403, message: 'Forbidden' });
      const none = await t.api(path, { body });
      expect(none.status).toBe(401);
      expect(none.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
      const bearer = await t.api(path, { bearer: await t.token('noconnect@sandbox.test'), body });
      expect(bearer.status).toBe(401);
    }
    expect((await clock(key)).offsetDays).toBe(4);
  });
});

describe('charges move balances (Sub Ativa, sk_test_sub)', () => {
  let settled = '';

  it('a paid charge adds to pending; a declined one moves nothing', async () => {
    const before = await brl();
    expect(before).toEqual({ available: 1000, pending: 250, reserved: 365.9 });
    const paid = await pay(100.25);
    expect(paid.status).toBe('paid');
    settled = paid.id;
    expect(await brl()).toEqual({ available: 1000, pending: 350.25, reserved: 365.9 });
    const declined = await pay(70, rawCard({ number: cardOf('Issuer declines the charge') }));
    expect(declined.status).toBe('failed');
    expect(await brl()).toEqual({ available: 1000, pending: 350.25, reserved: 365.9 });
  });

  it('2 days on its clock: pending becomes available; its master’s wallet and clock stay', async () => {
    expect((await advance(SUB_KEY, { days: 1 })).body.offsetDays).toBe(1);
    expect(await brl()).toEqual({ available: 1000, pending: 350.25, reserved: 365.9 });
    expect((await advance(SUB_KEY, { days: 1 })).body.offsetDays).toBe(2);
    expect(await brl()).toEqual({ available: 1350.25, pending: 0, reserved: 365.9 });
    expect((await clock('sk_test_sandbox')).offsetDays).toBe(0);
    expect(await brl('merchant@sandbox.test')).toEqual({
      available: 5432.1,
      pending: 1250,
      reserved: 0,
    });
  });

  it('refunding the settled charge takes it out of available', async () => {
    await refund(settled);
    expect(await brl()).toEqual({ available: 1250, pending: 0, reserved: 365.9 });
  });

  it('refunding a charge still pending takes it out of pending', async () => {
    const paid = await pay(40.1);
    expect(await brl()).toEqual({ available: 1250, pending: 40.1, reserved: 365.9 });
    await refund(paid.id);
    expect(await brl()).toEqual({ available: 1250, pending: 0, reserved: 365.9 });
  });

  it('managed 3DS: nothing while authentication is required; paid on resume-3ds', async () => {
    const created = await pay(
      19.99,
      rawCard({ number: cardOf('Direct challenge'), threeDSMode: 'managed', browser: BROWSER }),
    );
    expect(created.status).toBe('authentication_required');
    expect(await brl()).toEqual({ available: 1250, pending: 0, reserved: 365.9 });
    const { body } = await t.api<{ nextAction: { authenticationId: string } }>(
      `/v1/charges/${created.id}`,
      { key: SUB_KEY },
    );
    await postChallengeForm(t, {
      authenticationId: body.nextAction.authenticationId,
      code: '1234',
    });
    const resumed = await t.api(`/v1/charges/${created.id}/resume-3ds`, {
      key: SUB_KEY,
      method: 'POST',
    });
    expect(resumed.body).toMatchObject({ status: 'paid' });
    expect(await brl()).toEqual({ available: 1250, pending: 19.99, reserved: 365.9 });
    expect((await advance(SUB_KEY, { days: 2 })).status).toBe(200);
    expect(await brl()).toEqual({ available: 1269.99, pending: 0, reserved: 365.9 });
  });

  it('money stays exact in cents over many charges', async () => {
    const before = await brl();
    for (const amount of [0.1, 0.2, 1.01, 2.02]) await pay(amount + 1);
    const after = await brl();
    expect(cents(after?.pending ?? 0) - cents(before?.pending ?? 0)).toBe(733);
  });
});

describe('due work (subscriptions’ renewals and expiries hook in here)', () => {
  const merchantId = IDS.subInativa;

  it('runs in order over the stretch the clock went over, in the advance’s transaction', async () => {
    const { db } = t.sandbox.database;
    const seen: Array<{ name: string; offsetMs: number; window: Omit<DueWindow, 'db'> }> = [];
    const work = (name: string) => async (window: DueWindow) => {
      const { db: trx, ...rest } = window;
      seen.push({ name, offsetMs: await clockOffset(trx, merchantId), window: rest });
      return { [`${name}.done`]: 1, 'both.done': name.length };
    };
    const moved = await advanceClock(db, merchantId, 5, [work('first'), work('second')]);
    expect(moved.offsetDays).toBe(5);
    expect(moved.events).toEqual({ 'first.done': 1, 'second.done': 1, 'both.done': 11 });
    expect(seen.map((s) => [s.name, s.offsetMs])).toEqual([
      ['first', 5 * DAY_MS],
      ['second', 5 * DAY_MS],
    ]);
    const window = seen[0]?.window;
    expect(window?.merchantId).toBe(merchantId);
    expect((window?.to.getTime() ?? 0) - (window?.from.getTime() ?? 0)).toBe(5 * DAY_MS);
    expect(window?.to.toISOString()).toBe(moved.now);
  });

  it('a failing due work rolls the advance back', async () => {
    const { db } = t.sandbox.database;
    const failing = async () => {
      throw new Error('renewal failed');
    };
    await expect(advanceClock(db, merchantId, 2, [failing])).rejects.toThrow('renewal failed');
    expect(await clockOffset(db, merchantId)).toBe(5 * DAY_MS);
  });
});
