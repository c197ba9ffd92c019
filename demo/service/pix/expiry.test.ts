// @vitest-environment node
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixCharge } from '../../testing/charges';
import { answerErrors } from '../../testing/openapi-answers';
import { EventReceiver } from '../../testing/receiver';
import { useSandbox } from '../../testing/sandbox';
import { until } from '../../testing/until';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import type { ChargeWire } from '../charges/wire';
import { DAY_MS } from '../kernel/clock';
import { PixExpirySweeper } from './expiry';

/** A charge, or the error body instead. */
type Answer = ChargeWire & { message?: string };

// The periodic sweep is off: each test says which path expires its charges.
const t = useSandbox({ pixSweepMs: 0 });
const receiver = new EventReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

const create = async (key: string, method: Record<string, unknown> = {}, extra = {}) => {
  const reply = await t.api<Answer>('/v1/charges', {
    key,
    body: pixCharge(method, { postbackUrl: receiver.url, ...extra }),
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
};
const read = async (id: string, key: string) => {
  const reply = await t.api<Answer>(`/v1/charges/${id}`, { key });
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
};
const pay = (id: string, key: string) =>
  t.api<Answer>(`/sandbox/charges/${id}/pix/pay`, { key, method: 'POST' });
const eventsOf = async (id: string, key: string) =>
  (
    await t.api<{ data: Array<{ event: string; createdAt: string }> }>(
      `/sandbox/events?resourceId=${id}&orderBy=createdAt`,
      { key },
    )
  ).body.data.map((e) => [e.event, e.createdAt]);
const advance = (key: string, days: number) =>
  t.api<{ events: Record<string, number> }>('/sandbox/clock/advance', { key, body: { days } });

/**
 * As real time passing looks to the sandbox: the merchant's clock (real time + offset) moves on
 * by `ms`, with none of an advance's due work run. Only reads, payments and the sweep notice.
 */
const timePasses = (merchantId: string, ms: number) =>
  t.sandbox.database.db
    .insertInto('merchant_clocks')
    .values({ merchant_id: merchantId, offset_ms: ms, updated_at: sql`now()` })
    .onConflict((oc) =>
      oc
        .column('merchant_id')
        .doUpdateSet({ offset_ms: sql`merchant_clocks.offset_ms + excluded.offset_ms` }),
    )
    .execute();

/** What an expired charge is: the same, `expired`, updated at its code's expiry. */
const expiredOf = (charge: ChargeWire): ChargeWire => ({
  ...charge,
  status: 'expired',
  updatedAt: charge.pix?.expiresAt ?? '',
});

describe('expiry when the merchant’s clock advances', () => {
  const KEY = 'sk_test_sub';

  it('what fell due expires in the advance, counted in its answer; the rest stays pending', async () => {
    receiver.reset();
    const short = await create(KEY, { expiresInSeconds: 60 });
    const day = await create(KEY, { expiresInSeconds: 86_400 });
    const other = await create('sk_test_noconnect', { expiresInSeconds: 60 });
    const moved = await advance(KEY, 1);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.events).toEqual({ 'charge.updated': 2 });
    for (const charge of [short, day]) {
      const now = await read(charge.id, KEY);
      expect(now).toEqual(expiredOf(charge));
      expect(await answerErrors(t, 'GET /v1/charges/{id}', 200, now)).toEqual([]);
      expect(await eventsOf(charge.id, KEY)).toEqual([
        ['charge.created', charge.createdAt],
        ['charge.pending', charge.createdAt],
        ['charge.updated', charge.pix?.expiresAt],
      ]);
    }
    // Another merchant's clock did not move: its charge waits (paid now, so that no later test
    // of this file finds it due).
    expect((await read(other.id, 'sk_test_noconnect')).status).toBe('pending');
    expect((await pay(other.id, 'sk_test_noconnect')).status).toBe(200);
    // The legacy postback gets charge.updated with the expired charge, after the others.
    const received = await receiver.distinctEventsOf(short.id, 3);
    expect(received.map((e) => [e.event, e.data.status])).toEqual([
      ['charge.created', 'pending'],
      ['charge.pending', 'pending'],
      ['charge.updated', 'expired'],
    ]);
    expect((await advance(KEY, 1)).body.events).toEqual({});
  });

  it('an expired charge cannot be paid: 400 naming the expiry; nothing changes', async () => {
    const charge = await create(KEY, { expiresInSeconds: 60 });
    await advance(KEY, 1);
    const refused = await pay(charge.id, KEY);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: `charge ${charge.id} is expired: its pix code expired at ${charge.pix?.expiresAt} and can no longer be paid`,
    });
    expect(await answerErrors(t, 'POST /sandbox/charges/{id}/pix/pay', 400, refused.body)).toEqual(
      [],
    );
    expect(await read(charge.id, KEY)).toEqual(expiredOf(charge));
    expect((await eventsOf(charge.id, KEY)).map(([event]) => event)).toEqual([
      'charge.created',
      'charge.pending',
      'charge.updated',
    ]);
    const refund = await t.api(`/v1/charges/${charge.id}/refund`, { key: KEY, method: 'POST' });
    expect(refund.body.message).toBe(
      `only paid charges can be refunded (charge ${charge.id} is expired)`,
    );
  });

  it('a payment and an advance at once: paid, or expired and refused, never both', async () => {
    const key = 'sk_test_noconnect';
    for (let round = 0; round < 3; round++) {
      const charge = await create(key, { expiresInSeconds: 60 });
      const [paid, moved] = await Promise.all([pay(charge.id, key), advance(key, 1)]);
      expect(moved.status).toBe(200);
      const events = (await eventsOf(charge.id, key)).map(([event]) => event);
      const status = (await read(charge.id, key)).status;
      if (paid.status === 200) {
        expect(status).toBe('paid');
        expect(events).toEqual(['charge.created', 'charge.pending', 'charge.paid']);
        expect(moved.body.events).toEqual({});
      } else {
        expect(paid.body.message).toContain('is expired');
        expect(status).toBe('expired');
        expect(events).toEqual(['charge.created', 'charge.pending', 'charge.updated']);
        expect(moved.body.events).toEqual({ 'charge.updated': 1 });
      }
    }
  });

  it('expiresAt is on the merchant’s clock at creation', async () => {
    const key = 'sk_test_other_sub';
    await advance(key, 3);
    const before = Date.now();
    const charge = await create(key, { expiresInSeconds: 600 });
    const expiresAt = Date.parse(charge.pix?.expiresAt ?? '');
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3 * DAY_MS + 600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3 * DAY_MS + 600_000);
    expect(expiresAt - Date.parse(charge.createdAt)).toBe(600_000);
    expect((await read(charge.id, key)).status).toBe('pending');
  });
});

describe('expiry as real time passes (no advance)', () => {
  const KEY = 'sk_test_sandbox';
  const MERCHANT = IDS.lojaExemplo;

  it('a read past expiresAt answers expired, and records it once (charge.updated)', async () => {
    receiver.reset();
    const charge = await create(KEY, { expiresInSeconds: 60 });
    expect((await read(charge.id, KEY)).status).toBe('pending');
    await timePasses(MERCHANT, 50_000);
    expect((await read(charge.id, KEY)).status).toBe('pending');
    await timePasses(MERCHANT, 10_000);
    expect(await read(charge.id, KEY)).toEqual(expiredOf(charge));
    expect(await read(charge.id, KEY)).toEqual(expiredOf(charge));
    expect((await eventsOf(charge.id, KEY)).map(([event]) => event)).toEqual([
      'charge.created',
      'charge.pending',
      'charge.updated',
    ]);
    const received = await receiver.distinctEventsOf(charge.id, 3);
    expect(received.map((e) => e.event)).toEqual([
      'charge.created',
      'charge.pending',
      'charge.updated',
    ]);
  });

  it('a payment past expiresAt is refused, and the expiry it found is kept', async () => {
    const charge = await create(KEY, { expiresInSeconds: 60 });
    await timePasses(MERCHANT, 61_000);
    const refused = await pay(charge.id, KEY);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('is expired: its pix code expired at');
    const stored = await t.sandbox.database.db
      .selectFrom('charges')
      .select(['status', 'updated_at'])
      .where('id', '=', charge.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      status: 'expired',
      updated_at: new Date(charge.pix?.expiresAt ?? ''),
    });
    expect((await eventsOf(charge.id, KEY)).map(([event]) => event)).toEqual([
      'charge.created',
      'charge.pending',
      'charge.updated',
    ]);
  });

  it('the sweep expires charges nobody reads, of every merchant, each on its own clock', async () => {
    receiver.reset();
    const due = await create(KEY, { expiresInSeconds: 60 });
    const notYet = await create(KEY, { expiresInSeconds: 3600 });
    // Only Loja Exemplo's time passed: Sub Ativa's 60 s charge made now is not due.
    const elsewhere = await create('sk_test_sub', { expiresInSeconds: 60 });
    await timePasses(MERCHANT, 61_000);
    expect(await t.sandbox.pixExpiry.sweep()).toBe(1);
    expect(await t.sandbox.pixExpiry.sweep()).toBe(0);
    const stored = await t.sandbox.database.db
      .selectFrom('charges')
      .select(['id', 'status'])
      .where('id', 'in', [due.id, notYet.id, elsewhere.id])
      .orderBy('created_at')
      .execute();
    expect(stored).toEqual([
      { id: due.id, status: 'expired' },
      { id: notYet.id, status: 'pending' },
      { id: elsewhere.id, status: 'pending' },
    ]);
    expect(
      (await receiver.distinctEventsOf(due.id, 3)).map((e) => [e.event, e.data.status]),
    ).toEqual([
      ['charge.created', 'pending'],
      ['charge.pending', 'pending'],
      ['charge.updated', 'expired'],
    ]);
    expect(await read(due.id, KEY)).toEqual(expiredOf(due));
  });

  it('the sweep runs by itself every so often, and stops when closed', async () => {
    const charge = await create(KEY, { expiresInSeconds: 60 });
    await timePasses(MERCHANT, 61_000);
    const lines: string[] = [];
    const sweeper = new PixExpirySweeper({
      db: t.sandbox.database.db,
      log: (line) => lines.push(line),
      everyMs: 20,
    });
    sweeper.start();
    try {
      const status = await until(
        async () =>
          (
            await t.sandbox.database.db
              .selectFrom('charges')
              .select('status')
              .where('id', '=', charge.id)
              .executeTakeFirstOrThrow()
          ).status,
        (value) => value === 'expired',
      );
      expect(status).toBe('expired');
      expect(lines).toContain("pix: 1 charge(s) expired (their codes' time ran out)");
    } finally {
      await sweeper.close();
    }
  });
});
