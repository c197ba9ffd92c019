// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerErrors } from '../../testing/openapi-answers';
import { EventReceiver, type Received } from '../../testing/receiver';
import { useSandbox } from '../../testing/sandbox';
import { SEED_MERCHANT_IDS } from '../accounts/seed';
import { EVENT_KINDS, type EventKind } from '../kernel/delivery/kinds';
import type { Triggered } from './schema';

const t = useSandbox();
const LOJA = 'sk_test_sandbox';
/** Sub Ativa: Loja Exemplo's first active sub-merchant, whose payouts a trigger by Loja makes. */
const SUB = 'sk_test_sub';
const DELIVERED_WITHIN_MS = 10_000;

/** One receiver per merchant's endpoint (every kind), so a delivery says whose it was. */
const loja = new EventReceiver();
const sub = new EventReceiver();

beforeAll(async () => {
  await Promise.all([loja.start(), sub.start()]);
  for (const [key, receiver] of [
    [LOJA, loja],
    [SUB, sub],
  ] as const) {
    const made = await t.api('/sandbox/webhook-endpoints', {
      key,
      body: { url: receiver.url, events: ['*'] },
    });
    expect(made.status, made.text).toBe(201);
  }
});
afterAll(async () => {
  await Promise.all([loja.stop(), sub.stop()]);
});

const trigger = (event: unknown, key: string | null = LOJA) =>
  t.api<Triggered>('/sandbox/events/trigger', { key, body: { event } });

/** The resource each family's events are about, by the answer's `resources` type. */
const ABOUT: Record<string, string> = {
  charge: 'charge',
  subscription: 'subscription',
  payout: 'payoutRequest',
  merchant: 'subMerchant',
};
const aboutOf = (kind: EventKind, body: Triggered): string =>
  body.resources[ABOUT[kind.split('.')[0] as string] as string] as string;

/** What an endpoint receives of it: a standard envelope has the event's id, a resource one its resource's. */
const deliveryOf = (kind: EventKind, body: Triggered) => (delivery: Received) =>
  delivery.body.event === kind &&
  (kind.startsWith('payout.') || kind.startsWith('merchant.')
    ? delivery.body.data.id === aboutOf(kind, body)
    : delivery.body.id === body.event.id);

/** What the stored resource looks like once the event is made. */
const EXPECTED: Partial<Record<EventKind, Record<string, unknown>>> = {
  'charge.pending': { status: 'pending' },
  'charge.paid': { status: 'paid' },
  'charge.updated': { status: 'failed', failureReason: 'card_declined' },
  'charge.refunded': { status: 'refunded' },
  'subscription.activated': { status: 'active' },
  'subscription.renewed': { status: 'active', failedAttempts: 0 },
  'subscription.payment_failed': { status: 'active', failedAttempts: 1 },
  'subscription.cancelled': { status: 'cancelled', cancellationType: 'requested' },
  'subscription.paused': { status: 'paused' },
  'subscription.expired': { status: 'expired' },
  'payout.approved': { status: 'approved' },
  'payout.rejected': { status: 'rejected' },
  'merchant.approved': { status: 'active' },
  'merchant.updated': { status: 'pending' },
};

describe('POST /sandbox/events/trigger: every kind an endpoint takes, made for real', () => {
  for (const kind of EVENT_KINDS) {
    it(kind, async () => {
      const reply = await trigger(kind);
      expect(reply.status, reply.text).toBe(201);
      const body = reply.body;
      expect(body.event).toEqual({ id: expect.stringMatching(/^evt_/), event: kind });
      expect(await answerErrors(t, 'POST /sandbox/events/trigger', 201, body)).toEqual([]);
      const about = aboutOf(kind, body);
      expect(about, JSON.stringify(body.resources)).toEqual(expect.any(String));

      // Stored as the merchant's event (a payout's is its sub-merchant's), about what was made.
      const owner = kind.startsWith('payout.') ? SUB : LOJA;
      const stored = await t.api<{ event: string; resourceId: string; data: unknown }>(
        `/sandbox/events/${body.event.id}`,
        { key: owner },
      );
      expect(stored.status, stored.text).toBe(200);
      expect(stored.body).toMatchObject({ event: kind, resourceId: about });
      expect(stored.body.data).toMatchObject({ id: about, ...EXPECTED[kind] });

      // Delivered to that merchant's endpoint like any other event.
      const receiver = owner === SUB ? sub : loja;
      const delivered = await receiver.waitFor(deliveryOf(kind, body), DELIVERED_WITHIN_MS);
      expect(delivered.body.data.id).toBe(about);
    });
  }
});

describe('what a trigger makes', () => {
  it('charges and subscriptions are real: read back through their routes', async () => {
    const refunded = (await trigger('charge.refunded')).body;
    const charge = await t.api(`/v1/charges/${refunded.resources.charge}`, { key: LOJA });
    expect(charge.body).toMatchObject({
      status: 'refunded',
      customer: { id: refunded.resources.customer },
    });
    const renewed = (await trigger('subscription.renewed')).body;
    const made = await t.api(`/v1/subscriptions/${renewed.resources.subscription}`, { key: LOJA });
    expect(made.body).toMatchObject({
      planId: renewed.resources.plan,
      latestChargeId: renewed.resources.charge,
      status: 'active',
    });
  });

  it('a renewal moves the merchant’s clock forward (a day at a time)', async () => {
    const before = (await t.api<{ offsetDays: number }>('/sandbox/clock', { key: LOJA })).body;
    expect((await trigger('subscription.renewed')).status).toBe(201);
    const after = (await t.api<{ offsetDays: number }>('/sandbox/clock', { key: LOJA })).body;
    expect(after.offsetDays - before.offsetDays).toBe(1);
  });

  it('merchant.updated: the first of the round trip, and the sub-merchant ends active', async () => {
    const body = (await trigger('merchant.updated')).body;
    const { subMerchant } = body.resources;
    expect(subMerchant).toBe(SEED_MERCHANT_IDS.subAtiva);
    const updates = await t.api<{ data: Array<{ id: string }> }>(
      `/sandbox/events?resourceId=${subMerchant}&event=merchant.updated&limit=2`,
      { key: LOJA },
    );
    // Newest first: the trigger's second merchant.updated (back to active), then its first.
    expect(updates.body.data[1]?.id).toBe(body.event.id);
    const wallet = await t.api('/v1/charges', {
      key: SUB,
      body: {
        amount: 1,
        currency: 'BRL',
        customer: { name: 'A', email: 'a@example.com' },
        paymentMethod: { type: 'pix' },
        items: [{ type: 'digital' }],
      },
    });
    expect(wallet.status, 'the sub-merchant bills again').toBe(201);
  });

  it('a sub-merchant’s own key makes its own payout events', async () => {
    const body = (await trigger('payout.rejected', SUB)).body;
    expect(body.resources.subMerchant).toBe(SEED_MERCHANT_IDS.subAtiva);
    await sub.waitFor(deliveryOf('payout.rejected', body), DELIVERED_WITHIN_MS);
  });

  it('a payout the wallet cannot cover is funded first: a paid charge, settled on its clock', async () => {
    const token = await t.token('sub@sandbox.test');
    const wallets = await t.api<Array<{ balance: { available: number } }>>(
      '/v1/wallets?currency=BRL',
      { bearer: token },
    );
    const available = wallets.body[0]?.balance.available ?? 0;
    const drain = await t.api(`/v1/submerchants/${SEED_MERCHANT_IDS.subAtiva}/payout-requests`, {
      bearer: token,
      body: { amount: available },
    });
    expect(drain.status, drain.text).toBe(201);
    const clock = () => t.api<{ offsetDays: number }>('/sandbox/clock', { key: SUB });
    const before = (await clock()).body.offsetDays;
    const reply = await trigger('payout.approved');
    expect(reply.status, reply.text).toBe(201);
    expect(reply.body.resources).toEqual({
      subMerchant: SEED_MERCHANT_IDS.subAtiva,
      charge: expect.stringMatching(/^ch/),
      payoutRequest: expect.any(String),
    });
    expect((await clock()).body.offsetDays - before).toBe(2);
    await sub.waitFor(deliveryOf('payout.approved', reply.body), DELIVERED_WITHIN_MS);
  });
});

describe('what a trigger refuses', () => {
  it('an unknown kind: 400 naming the kinds allowed', async () => {
    const reply = await trigger('charge.exploded');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    const { message } = reply.body as unknown as { message: string };
    expect(message).toMatch(/^event must be one of: /);
    for (const kind of EVENT_KINDS) expect(message).toContain(`"${kind}"`);
    expect((await trigger('webhook.test')).status).toBe(400);
  });

  it('no event, or another field: 400 naming it', async () => {
    const none = await t.api('/sandbox/events/trigger', { key: LOJA, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/^event /);
    const extra = await t.api('/sandbox/events/trigger', {
      key: LOJA,
      body: { event: 'charge.paid', merchantId: 'x' },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toMatch(/^merchantId is not a known field/);
  });

  it('a sub-merchant’s kind for a merchant without an active one: 422 saying why', async () => {
    // Outra Loja's only sub-merchant, made inactive by the administrator.
    const inactivated = await t.as(
      'admin@sandbox.test',
      `/sandbox/submerchants/${SEED_MERCHANT_IDS.subDaOutra}/status`,
      { body: { status: 'inactive' } },
    );
    expect(inactivated.status, inactivated.text).toBe(200);
    for (const kind of ['payout.approved', 'merchant.updated'] as const) {
      const reply = await trigger(kind, 'sk_test_noconnect');
      expect(reply.status, kind).toBe(422);
      expect(reply.body).toEqual({
        statusCode: 422,
        message: `${kind} is about a sub-merchant (its payout or its status): this merchant has no active sub-merchant`,
        error: 'Unprocessable Entity',
      });
    }
  });

  it('a sub-merchant that is not active: 422; no key 401; a publishable key 403', async () => {
    const inactive = await trigger('charge.paid', 'sk_test_inactive');
    expect(inactive.status).toBe(422);
    expect(inactive.body).toMatchObject({ message: 'sub-merchant is not active' });
    expect((await trigger('charge.paid', null)).status).toBe(401);
    expect((await trigger('charge.paid', 'pk_test_sandbox')).status).toBe(403);
  });
});
