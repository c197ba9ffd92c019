// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charge, chargeEventNames, pixCharge } from '../../testing/charges';
import { testEngine } from '../../testing/database';
import { answerErrors } from '../../testing/openapi-answers';
import { distinct, EventReceiver } from '../../testing/receiver';
import { KEYS, useSandbox } from '../../testing/sandbox';
import type { ChargeWire } from '../charges/wire';
import type { Wallet } from '../wallets/schema';

/** A charge, or the error body instead. */
type Answer = ChargeWire & { message?: string };

const t = useSandbox({ pixSweepMs: 0 });
const receiver = new EventReceiver();
beforeAll(() => receiver.start());
afterAll(() => receiver.stop());

/** Outra Loja: its own wallet and endpoints, apart from the other files' merchants. */
const KEY = 'sk_test_noconnect';
const LOGIN = 'noconnect@sandbox.test';

const create = async (body: unknown = pixCharge()) => {
  const reply = await t.api<Answer>('/v1/charges', { key: KEY, body });
  expect(reply.status, reply.text).toBe(201);
  return reply.body;
};
const pay = (id: string, key: string | null = KEY) =>
  t.api<Answer>(`/sandbox/charges/${id}/pix/pay`, { key, method: 'POST' });
const brl = async () => {
  const reply = await t.as<Wallet[]>(LOGIN, '/v1/wallets?currency=BRL');
  expect(reply.status).toBe(200);
  return reply.body[0]?.balance;
};
const eventsOf = (id: string) => chargeEventNames(t, id, KEY);

describe('POST /sandbox/charges/{id}/pix/pay', () => {
  it('200 paid, paidAt on the merchant’s clock, charge.paid; the wallet’s pending grows, then settles 2 days later', async () => {
    const before = await brl();
    const created = await create(pixCharge({}, { amount: 250.25 }));
    expect(await brl()).toEqual(before);
    const paid = await pay(created.id);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toEqual({
      ...created,
      status: 'paid',
      paidAt: expect.any(String),
      updatedAt: paid.body.paidAt,
    });
    expect(Date.parse(paid.body.paidAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(created.createdAt),
    );
    expect(await answerErrors(t, 'POST /sandbox/charges/{id}/pix/pay', 200, paid.body)).toEqual([]);
    expect((await t.api<Answer>(`/v1/charges/${created.id}`, { key: KEY })).body).toEqual(
      paid.body,
    );
    expect(await eventsOf(created.id)).toEqual(['charge.created', 'charge.pending', 'charge.paid']);

    const cents = (n = 0) => Math.round(n * 100);
    const after = await brl();
    expect(cents(after?.pending) - cents(before?.pending)).toBe(25025);
    expect(after?.available).toBe(before?.available);
    const entries = await t.sandbox.database.db
      .selectFrom('balance_entries')
      .select(['kind', 'amount_cents', 'settles_at'])
      .where('reference_id', '=', created.id)
      .execute();
    expect(entries).toEqual([
      {
        kind: 'charge',
        amount_cents: 25025,
        settles_at: new Date(Date.parse(paid.body.paidAt ?? '') + 2 * 86_400_000),
      },
    ]);
    const moved = await t.api('/sandbox/clock/advance', { key: KEY, body: { days: 2 } });
    expect(moved.status).toBe(200);
    const settled = await brl();
    expect(cents(settled?.available) - cents(before?.available)).toBe(25025);
    expect(settled?.pending).toBe(before?.pending);
  });

  it('events in order on a dashboard endpoint taking charge.pending (a kind of its own) and on the postbackUrl', async () => {
    receiver.reset();
    const kinds = await t.api<{ kinds: string[] }>('/sandbox/webhook-endpoints/kinds', {
      key: KEY,
    });
    expect(kinds.body.kinds).toContain('charge.pending');
    const endpoint = await t.api<{ id: string }>('/sandbox/webhook-endpoints', {
      key: KEY,
      body: {
        url: `${receiver.url}?endpoint`,
        events: ['charge.created', 'charge.pending', 'charge.paid'],
      },
    });
    expect(endpoint.status, endpoint.text).toBe(201);
    const pendingOnly = await t.api<{ id: string }>('/sandbox/webhook-endpoints', {
      key: KEY,
      body: { url: `${receiver.url}?pending`, events: ['charge.pending'] },
    });
    try {
      const created = await create(pixCharge({}, { postbackUrl: `${receiver.url}?postback` }));
      expect((await pay(created.id)).status).toBe(200);
      await t.sandbox.webhooks.idle();
      // Each URL got its events in order, whole charges in the standard envelope.
      const arrivedAt = (query: string) =>
        distinct(
          receiver.received
            .filter((r) => r.path === `/hook?${query}` && r.body.data.id === created.id)
            .map((r) => r.body),
        ).map((body) => [body.event, body.data.status]);
      const all = [
        ['charge.created', 'pending'],
        ['charge.pending', 'pending'],
        ['charge.paid', 'paid'],
      ];
      expect(arrivedAt('endpoint')).toEqual(all);
      expect(arrivedAt('postback')).toEqual(all);
      expect(arrivedAt('pending')).toEqual([['charge.pending', 'pending']]);
      expect(receiver.received.every((r) => r.body.livemode === false)).toBe(true);
    } finally {
      for (const id of [endpoint.body.id, pendingOnly.body.id]) {
        await t.api(`/sandbox/webhook-endpoints/${id}`, { key: KEY, method: 'DELETE' });
      }
    }
  });

  it('403 with a publishable key, 401 without a key, 404 for an unknown or another merchant’s charge', async () => {
    const created = await create();
    const publishable = await pay(created.id, KEYS.publishable);
    expect(publishable.status).toBe(403);
    expect(publishable.body).toEqual({ statusCode: 403, message: 'Forbidden' });
    expect((await pay(created.id, null)).status).toBe(401);
    for (const [id, key] of [
      ['ch_000000000000000000000000', KEY],
      [created.id, KEYS.secret],
    ] as const) {
      const reply = await pay(id, key);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `charge not found: ${id}`,
      });
      expect(await answerErrors(t, 'POST /sandbox/charges/{id}/pix/pay', 404, reply.body)).toEqual(
        [],
      );
    }
    expect((await t.api<Answer>(`/v1/charges/${created.id}`, { key: KEY })).body.status).toBe(
      'pending',
    );
  });

  it('400 naming why: a card charge, an already paid one, a refunded one', async () => {
    const card = (await t.api<Answer>('/v1/charges', { key: KEY, body: charge() })).body;
    const notPix = await pay(card.id);
    expect(notPix.status).toBe(400);
    expect(notPix.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: `charge ${card.id} is not a pix charge (its payment method is credit_card)`,
    });
    expect(await answerErrors(t, 'POST /sandbox/charges/{id}/pix/pay', 400, notPix.body)).toEqual(
      [],
    );

    const created = await create();
    expect((await pay(created.id)).status).toBe(200);
    const again = await pay(created.id);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(
      `charge ${created.id} is not pending (status paid); only a pending pix charge can be paid`,
    );
    const refunded = await t.api<Answer>(`/v1/charges/${created.id}/refund`, {
      key: KEY,
      method: 'POST',
    });
    expect(refunded.body).toMatchObject({ status: 'refunded', pix: created.pix });
    expect((await pay(created.id)).body.message).toContain('(status refunded)');
    expect(await eventsOf(created.id)).toEqual([
      'charge.created',
      'charge.pending',
      'charge.paid',
      'charge.refunded',
    ]);
  });

  it(`two payments at once: one 200, one 400, one charge.paid, one ledger entry (${testEngine()})`, async () => {
    const created = await create();
    const replies = await Promise.all([pay(created.id), pay(created.id)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(replies.find((r) => r.status === 400)?.body.message).toContain('(status paid)');
    expect(await eventsOf(created.id)).toEqual(['charge.created', 'charge.pending', 'charge.paid']);
    const entries = await t.sandbox.database.db
      .selectFrom('balance_entries')
      .select('id')
      .where('reference_id', '=', created.id)
      .execute();
    expect(entries).toHaveLength(1);
  });
});
