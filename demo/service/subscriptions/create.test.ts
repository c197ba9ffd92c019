// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { APPLE_PAY_TOKEN, BROWSER, rawCard, savedCard } from '../../testing/charges';
import { countRows } from '../../testing/database';
import { answerErrors } from '../../testing/openapi-answers';
import { createPlan, OTHER_SECRET } from '../../testing/plans';
import { useSandbox } from '../../testing/sandbox';
import {
  createSubscription,
  DECLINED_CARD,
  PATH,
  subscriptionBody,
  subscriptionEvents,
} from '../../testing/subscriptions';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import { merchantNow } from '../kernel/clock';
import { SEED_PLAN_IDS as PLANS } from '../plans/seed';
import { nextBillingDate } from './calendar';
import type { Subscription } from './schema';

const t = useSandbox();
const db = () => t.sandbox.database.db;
const badRequest = (message: string) => ({ statusCode: 400, message, error: 'Bad Request' });
const post = (body: unknown, key?: string) =>
  t.api<Subscription>(PATH, { key: key ?? 'sk_test_sandbox', body });

const count = (table: 'subscriptions' | 'charges' | 'cards' | 'events') => countRows(db(), table);

const rowOf = (id: string) =>
  db().selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const monthly = { recurrenceType: 'monthly', recurrenceInterval: null } as const;

describe('POST /v1/subscriptions', () => {
  it('201 active: the full record, the first period charged now, the raw card saved for the customer', async () => {
    const before = await merchantNow(db(), IDS.lojaExemplo);
    const reply = await post(
      subscriptionBody(PLANS.monthly, { billingDay: 31, metadata: { order: '42' } }),
    );
    expect(reply.status, reply.text).toBe(201);
    const sub = reply.body;
    const start = new Date(sub.currentPeriodStart);
    expect(start.getTime()).toBeGreaterThanOrEqual(before.getTime());
    const end = nextBillingDate(start, monthly, 31).toISOString();
    expect(sub).toEqual({
      id: expect.stringMatching(/^sub_[0-9a-f]{24}$/),
      status: 'active',
      currentPeriodStart: start.toISOString(),
      currentPeriodEnd: end,
      billingDay: 31,
      cancelledAt: null,
      cancellationType: null,
      refunded: false,
      createdAt: sub.currentPeriodStart,
      updatedAt: sub.currentPeriodStart,
      plan: { name: 'Clube do livro', price: 89, currency: 'BRL' },
      customer: { name: 'Assinante Teste', email: 'assinante@example.com' },
      planId: PLANS.monthly,
      customerId: expect.stringMatching(/^cus_/),
      merchantId: IDS.lojaExemplo,
      metadata: { order: '42' },
      nextBillingAt: end,
      pausedAt: null,
      failedAttempts: 0,
      latestChargeId: expect.stringMatching(/^ch_/),
    });
    expect(await answerErrors(t, 'POST /v1/subscriptions', 201, sub)).toEqual([]);

    const read = await t.secret<Subscription>(`${PATH}/${sub.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(sub);
    expect(await answerErrors(t, 'GET /v1/subscriptions/{id}', 200, read.body)).toEqual([]);

    const row = await rowOf(sub.id);
    const card = await db()
      .selectFrom('cards')
      .selectAll()
      .where('id', '=', row.card_id)
      .executeTakeFirstOrThrow();
    expect(card).toMatchObject({ customer_id: sub.customerId, masked_number: '411111******1111' });
    expect(JSON.stringify(card)).not.toContain('4111111111111111');

    const charge = await db()
      .selectFrom('charges')
      .selectAll()
      .where('customer_id', '=', sub.customerId)
      .executeTakeFirstOrThrow();
    expect(charge).toMatchObject({
      id: sub.latestChargeId,
      status: 'paid',
      currency: 'BRL',
      merchant_id: IDS.lojaExemplo,
    });
    // The charge is made at the subscription's start, on the merchant's clock.
    expect(charge.created_at.toISOString()).toBe(sub.currentPeriodStart);
    expect(Number(charge.amount_cents)).toBe(8900);
    expect(JSON.stringify(charge.items)).toContain('Clube do livro');
  });

  it('events: subscription.created then subscription.activated, standard envelope, data = the record', async () => {
    const sub = await createSubscription(t, PLANS.monthly);
    const events = await subscriptionEvents(t, sub.id);
    expect(events.map((e) => e.event)).toEqual(['subscription.created', 'subscription.activated']);
    for (const { envelope, resourceType } of events) {
      expect(resourceType).toBe('subscription');
      expect(envelope).toEqual({
        id: expect.stringMatching(/^evt_/),
        event: expect.any(String),
        livemode: false,
        data: sub,
      });
    }
  });

  it('declined first charge: pending_activation, tried again a day later, subscription.payment_failed', async () => {
    const sub = await createSubscription(t, PLANS.monthly, {
      paymentMethod: rawCard({ number: DECLINED_CARD }),
    });
    expect(sub).toMatchObject({
      status: 'pending_activation',
      nextBillingAt: new Date(Date.parse(sub.createdAt) + 86_400_000).toISOString(),
      failedAttempts: 1,
    });
    const charge = await t.secret<{ status: string; failureReason: string }>(
      `/v1/charges/${sub.latestChargeId}`,
    );
    expect(charge.body).toMatchObject({ status: 'failed', failureReason: 'card_declined' });
    const events = await subscriptionEvents(t, sub.id);
    expect(events.map((e) => e.event)).toEqual([
      'subscription.created',
      'subscription.payment_failed',
    ]);
  });

  it('variant B: the customer’s saved card is the one charged (no new card); billingDay defaults to today', async () => {
    const cards = await count('cards');
    const sub = await createSubscription(t, PLANS.monthly, {
      customer: { id: 'cus_sandbox_ana' },
      paymentMethod: savedCard('card_sandbox_visa'),
    });
    expect(await count('cards')).toBe(cards);
    expect((await rowOf(sub.id)).card_id).toBe('card_sandbox_visa');
    expect(sub.customer).toEqual({ name: 'Ana Souza', email: 'ana.souza@example.com' });
    expect(sub.billingDay).toBe(new Date(sub.currentPeriodStart).getUTCDate());
  });

  it('custom and weekly plans: the period ends after the interval', async () => {
    const quarterly = await createSubscription(t, PLANS.quarterly, { billingDay: 5 });
    const start = new Date(quarterly.currentPeriodStart);
    expect(quarterly.currentPeriodEnd).toBe(
      nextBillingDate(start, { recurrenceType: 'custom', recurrenceInterval: 3 }, 5).toISOString(),
    );
    const weekly = await createSubscription(t, PLANS.weekly);
    const weekStart = new Date(weekly.currentPeriodStart).getTime();
    expect(new Date(weekly.currentPeriodEnd).getTime() - weekStart).toBe(7 * 86_400_000);
  });

  it('404: an unknown plan, another merchant’s plan; nothing created', async () => {
    const others = await createPlan(t, {}, OTHER_SECRET);
    const before = await count('subscriptions');
    const charges = await count('charges');
    for (const planId of ['plan_nope', others.id]) {
      const reply = await post(subscriptionBody(planId));
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ statusCode: 404, message: 'subscription plan not found' });
    }
    expect(await count('subscriptions')).toBe(before);
    expect(await count('charges')).toBe(charges);
  });

  it('400: an inactive plan (named), a plan without credit_card; nothing charged', async () => {
    const charges = await count('charges');
    const inactive = await post(subscriptionBody(PLANS.inactive));
    expect(inactive.status).toBe(400);
    expect(inactive.body).toEqual(
      badRequest(`subscription plan ${PLANS.inactive} is inactive: activate it before subscribing`),
    );
    const pixOnly = await createPlan(t, { paymentMethods: ['pix'] });
    const pix = await post(subscriptionBody(pixOnly.id));
    expect(pix.body).toEqual(
      badRequest(`subscription plan ${pixOnly.id} does not accept credit_card`),
    );
    expect(await count('charges')).toBe(charges);
  });

  it('400 for each field at fault; nothing created', async () => {
    const before = await count('subscriptions');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ planId: undefined }, 'planId is required'],
      [{ billingDay: 0 }, 'billingDay must be at least 1'],
      [{ billingDay: 32 }, 'billingDay must be at most 31'],
      [{ billingDay: 1.5 }, 'billingDay'],
      [{ metadata: { a: 1 } }, 'metadata.a'],
      [{ metadata: 'x' }, 'metadata'],
      [{ status: 'active' }, 'status'],
      [{ paymentMethod: undefined }, 'paymentMethod is required'],
      [
        {
          paymentMethod: {
            type: 'credit_card',
            installments: 1,
            wallet: { type: 'apple_pay', token: APPLE_PAY_TOKEN },
          },
        },
        'paymentMethod must be a card (number or cardTokenId): a wallet token cannot be charged again',
      ],
      [
        { paymentMethod: rawCard({ threeDSMode: 'managed', browser: BROWSER }) },
        'paymentMethod.threeDSMode is not available for subscriptions: authenticate first and pass threeDS',
      ],
      [{ customer: { name: 'No contact' } }, 'customer.email'],
    ];
    for (const [overrides, message] of cases) {
      const reply = await post(subscriptionBody(PLANS.monthly, overrides));
      expect(reply.status, JSON.stringify(overrides)).toBe(400);
      expect(reply.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(String((reply.body as unknown as { message: string }).message)).toContain(message);
    }
    expect(await count('subscriptions')).toBe(before);
  });

  it('saved cards: another customer’s 400, a pending one 422, an unknown one 404; nothing created', async () => {
    const before = await count('subscriptions');
    const other = await post(
      subscriptionBody(PLANS.monthly, {
        customer: { id: 'cus_sandbox_john' },
        paymentMethod: savedCard('card_sandbox_visa'),
      }),
    );
    expect(other.status).toBe(400);
    expect(other.body).toEqual(
      badRequest('paymentMethod.cardTokenId is a card of another customer'),
    );
    const pending = await post(
      subscriptionBody(PLANS.monthly, {
        customer: { id: 'cus_sandbox_john' },
        paymentMethod: savedCard('card_sandbox_pending'),
      }),
    );
    expect(pending.status).toBe(422);
    const unknown = await post(
      subscriptionBody(PLANS.monthly, { paymentMethod: savedCard('card_nope') }),
    );
    expect(unknown.body).toEqual({ statusCode: 404, message: 'card not found' });
    expect(await count('subscriptions')).toBe(before);
  });

  it('keys: a publishable key 403, none 401', async () => {
    expect((await post(subscriptionBody(PLANS.monthly), 'pk_test_sandbox')).status).toBe(403);
    const none = await t.api(PATH, { body: subscriptionBody(PLANS.monthly) });
    expect(none.status).toBe(401);
  });
});

describe('GET /v1/subscriptions/{id}', () => {
  it('404 for an unknown id and for another merchant’s subscription', async () => {
    const sub = await createSubscription(t, PLANS.monthly);
    for (const [id, key] of [
      ['sub_nope', 'sk_test_sandbox'],
      [sub.id, OTHER_SECRET],
    ] as const) {
      const reply = await t.api(`${PATH}/${id}`, { key });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ statusCode: 404, message: 'subscription not found' });
    }
  });
});
