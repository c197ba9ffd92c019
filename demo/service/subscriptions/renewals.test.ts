// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rawCard } from '../../testing/charges';
import { createPlan } from '../../testing/plans';
import { useSandbox } from '../../testing/sandbox';
import { createSubscription, DECLINED_CARD, PATH } from '../../testing/subscriptions';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import type { StoredEvent } from '../events/schema';
import { DAY_MS, merchantNow } from '../kernel/clock';
import { nextBillingDate, type Recurrence } from './calendar';
import { MAX_PAYMENT_ATTEMPTS } from './rules';
import type { Subscription } from './schema';

const t = useSandbox();
const db = () => t.sandbox.database.db;

/** Pays its first charge; the issuer declines what the merchant charges later (renewals). */
const DECLINES_RENEWALS = '4000000000000341';
const MONTHLY: Recurrence = { recurrenceType: 'monthly', recurrenceInterval: null };
const WEEKLY: Recurrence = { recurrenceType: 'weekly', recurrenceInterval: null };

interface Advanced {
  now: string;
  events: Record<string, number>;
}

const advance = async (days: number, key = 'sk_test_sandbox') => {
  const reply = await t.api<Advanced>('/sandbox/clock/advance', { key, body: { days } });
  expect(reply.status, reply.text).toBe(200);
  return reply.body;
};
const read = async (id: string) => {
  const reply = await t.secret<Subscription>(`${PATH}/${id}`);
  expect(reply.status).toBe(200);
  return reply.body;
};
/** The subscription's events, oldest first, as `GET /sandbox/events` lists them. */
const eventsOf = async (id: string) => {
  const reply = await t.secret<{ data: StoredEvent[] }>(
    `/sandbox/events?resourceId=${id}&limit=100&orderBy=createdAt`,
  );
  expect(reply.status, reply.text).toBe(200);
  return reply.body.data;
};
const names = (events: readonly StoredEvent[]) => events.map((e) => e.event);
/** The customer's charges as stored, oldest first. */
const chargesOf = (customerId: string) =>
  db()
    .selectFrom('charges')
    .select(['id', 'status', 'amount_cents', 'created_at', 'failure_reason'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
/** Billing dates after `from`'s period end up to `until`, as the calendar places them. */
function dueDates(firstEnd: Date, recurrence: Recurrence, billingDay: number, until: Date) {
  const dates: Date[] = [];
  for (let at = firstEnd; at <= until; at = nextBillingDate(at, recurrence, billingDay)) {
    dates.push(at);
  }
  return dates;
}
const buyer = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com` });

describe('renewals on the merchant’s clock', () => {
  it('a year of a monthly plan on day 31: one paid charge per billing date, at that date, periods contiguous', async () => {
    const plan = await createPlan(t, { name: 'Anual 31', price: 10.5 });
    const sub = await createSubscription(t, plan.id, { billingDay: 31, customer: buyer('Rita') });
    const advanced = await advance(366);
    const now = new Date(advanced.now);
    const dues = dueDates(new Date(sub.currentPeriodEnd), MONTHLY, 31, now);
    expect(dues.length).toBeGreaterThanOrEqual(12);
    expect(advanced.events['subscription.renewed']).toBeGreaterThanOrEqual(dues.length);
    // Day 31 falls on each month's last day when shorter, and comes back to 31 after.
    for (const due of dues) {
      const last = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0));
      expect(due.getUTCDate()).toBe(Math.min(31, last.getUTCDate()));
    }

    const after = await read(sub.id);
    const lastDue = dues.at(-1) as Date;
    const next = nextBillingDate(lastDue, MONTHLY, 31).toISOString();
    expect(after).toMatchObject({
      status: 'active',
      currentPeriodStart: lastDue.toISOString(),
      currentPeriodEnd: next,
      nextBillingAt: next,
      failedAttempts: 0,
      refunded: false,
      updatedAt: lastDue.toISOString(),
    });

    const charges = await chargesOf(sub.customerId);
    expect(charges.map((c) => c.created_at.toISOString())).toEqual([
      sub.currentPeriodStart,
      ...dues.map((d) => d.toISOString()),
    ]);
    expect(charges.every((c) => c.status === 'paid' && Number(c.amount_cents) === 1050)).toBe(true);
    expect(after.latestChargeId).toBe(charges.at(-1)?.id);

    const events = await eventsOf(sub.id);
    expect(names(events)).toEqual([
      'subscription.created',
      'subscription.activated',
      ...dues.map(() => 'subscription.renewed'),
    ]);
    const renewed = events.slice(2).map((e) => e.data as Subscription);
    expect(renewed.map((s) => s.currentPeriodStart)).toEqual(dues.map((d) => d.toISOString()));
    expect(renewed.at(-1)).toEqual(after);
  });

  it('each renewal settles into the wallet two days after its due date on the clock', async () => {
    const plan = await createPlan(t, { name: 'Semanal', price: 7, recurrenceType: 'weekly' });
    const sub = await createSubscription(t, plan.id, { customer: buyer('Caio') });
    await advance(7);
    const [, renewal] = await chargesOf(sub.customerId);
    const entry = await db()
      .selectFrom('balance_entries')
      .select(['amount_cents', 'settles_at'])
      .where('reference_id', '=', renewal?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(Number(entry.amount_cents)).toBe(700);
    expect(entry.settles_at.getTime()).toBe((renewal?.created_at.getTime() ?? 0) + 2 * DAY_MS);
  });

  it('weekly: 21 days are three renewals of 7 days each', async () => {
    const plan = await createPlan(t, { name: 'Cesta', price: 20, recurrenceType: 'weekly' });
    const sub = await createSubscription(t, plan.id, { customer: buyer('Bia') });
    await advance(21);
    const events = await eventsOf(sub.id);
    const periods = events
      .filter((e) => e.event === 'subscription.renewed')
      .map((e) => e.data as Subscription);
    expect(periods).toHaveLength(3);
    for (const period of periods) {
      expect(Date.parse(period.currentPeriodEnd) - Date.parse(period.currentPeriodStart)).toBe(
        7 * DAY_MS,
      );
    }
    expect(periods[0]?.currentPeriodStart).toBe(sub.currentPeriodEnd);
  });

  it('a declined first charge is tried again on the next days, then cancelled (payment_failed)', async () => {
    const plan = await createPlan(t, { name: 'Tentativas', price: 15 });
    const sub = await createSubscription(t, plan.id, {
      customer: buyer('Davi'),
      paymentMethod: rawCard({ number: DECLINED_CARD }),
    });
    expect(sub).toMatchObject({ status: 'pending_activation', failedAttempts: 1 });
    const firstRetry = new Date(sub.nextBillingAt ?? '');

    await advance(1);
    expect(await read(sub.id)).toMatchObject({
      status: 'pending_activation',
      failedAttempts: 2,
      nextBillingAt: new Date(firstRetry.getTime() + DAY_MS).toISOString(),
    });

    const moved = await advance(2);
    expect(moved.events['subscription.cancelled']).toBeGreaterThanOrEqual(1);
    const lastTry = new Date(firstRetry.getTime() + 2 * DAY_MS).toISOString();
    expect(await read(sub.id)).toMatchObject({
      status: 'cancelled',
      cancellationType: 'payment_failed',
      cancelledAt: lastTry,
      nextBillingAt: null,
      failedAttempts: MAX_PAYMENT_ATTEMPTS,
    });
    expect(names(await eventsOf(sub.id))).toEqual([
      'subscription.created',
      'subscription.payment_failed',
      'subscription.payment_failed',
      'subscription.payment_failed',
      'subscription.payment_failed',
      'subscription.cancelled',
    ]);
    const charges = await chargesOf(sub.customerId);
    expect(charges).toHaveLength(MAX_PAYMENT_ATTEMPTS);
    expect(
      charges.every((c) => c.status === 'failed' && c.failure_reason === 'card_declined'),
    ).toBe(true);

    await advance(30);
    expect(await chargesOf(sub.customerId)).toHaveLength(MAX_PAYMENT_ATTEMPTS);
  });

  it('a declined renewal keeps the subscription active and its period, retries daily, then cancels it', async () => {
    const plan = await createPlan(t, { name: 'Renova não', price: 9, recurrenceType: 'weekly' });
    const sub = await createSubscription(t, plan.id, {
      customer: buyer('Elis'),
      paymentMethod: rawCard({ number: DECLINES_RENEWALS }),
    });
    expect(sub.status).toBe('active');

    await advance(7);
    const failing = await read(sub.id);
    expect(failing).toMatchObject({
      status: 'active',
      currentPeriodStart: sub.currentPeriodStart,
      currentPeriodEnd: sub.currentPeriodEnd,
      failedAttempts: 1,
      nextBillingAt: new Date(Date.parse(sub.currentPeriodEnd) + DAY_MS).toISOString(),
    });
    const declined = await t.secret<{ status: string; failureReason: string }>(
      `/v1/charges/${failing.latestChargeId}`,
    );
    expect(declined.body).toMatchObject({ status: 'failed', failureReason: 'card_declined' });

    await advance(3);
    expect(await read(sub.id)).toMatchObject({
      status: 'cancelled',
      cancellationType: 'payment_failed',
      failedAttempts: MAX_PAYMENT_ATTEMPTS,
    });
    expect(names(await eventsOf(sub.id)).slice(2)).toEqual([
      'subscription.payment_failed',
      'subscription.payment_failed',
      'subscription.payment_failed',
      'subscription.payment_failed',
      'subscription.cancelled',
    ]);
  });

  it('expires when a payment falls due at or after the plan’s endDate, without charging it', async () => {
    const now = await merchantNow(db(), IDS.lojaExemplo);
    const endDate = new Date(now.getTime() + 45 * DAY_MS);
    const plan = await createPlan(t, {
      name: 'Temporada',
      price: 30,
      recurrenceType: 'weekly',
      endDate: endDate.toISOString(),
    });
    const sub = await createSubscription(t, plan.id, { customer: buyer('Gil') });
    const moved = await advance(60);
    expect(moved.events['subscription.expired']).toBeGreaterThanOrEqual(1);
    const after = await read(sub.id);
    expect(after).toMatchObject({ status: 'expired', nextBillingAt: null });
    const dues = dueDates(new Date(sub.currentPeriodEnd), WEEKLY, sub.billingDay, endDate);
    const renewedBefore = dues.filter((d) => d < endDate);
    expect(names(await eventsOf(sub.id))).toEqual([
      'subscription.created',
      'subscription.activated',
      ...renewedBefore.map(() => 'subscription.renewed'),
      'subscription.expired',
    ]);
    expect(await chargesOf(sub.customerId)).toHaveLength(1 + renewedBefore.length);
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(endDate.getTime());
  });

  it('paused: nothing is charged; resumed after its period ended, the next advance charges it once', async () => {
    const plan = await createPlan(t, { name: 'Pausa', price: 12 });
    const sub = await createSubscription(t, plan.id, { customer: buyer('Hugo') });
    await t.secret(`${PATH}/${sub.id}/pause`, { method: 'POST' });
    await advance(70);
    expect(await chargesOf(sub.customerId)).toHaveLength(1);

    const resumed = await t.secret<Subscription>(`${PATH}/${sub.id}/resume`, { method: 'POST' });
    const resumedAt = Date.parse(resumed.body.nextBillingAt ?? '');
    expect(resumedAt).toBeGreaterThan(Date.parse(sub.currentPeriodEnd));
    await advance(1);
    const after = await read(sub.id);
    expect(after.currentPeriodStart).toBe(resumed.body.nextBillingAt);
    expect(Date.parse(after.nextBillingAt ?? '')).toBeGreaterThan(resumedAt);
    expect(await chargesOf(sub.customerId)).toHaveLength(2);
  });

  it('refunding the latest payment marks the subscription refunded, until the next one is paid', async () => {
    const plan = await createPlan(t, { name: 'Reembolso', price: 5, recurrenceType: 'weekly' });
    const sub = await createSubscription(t, plan.id, { customer: buyer('Iara') });
    await advance(7);
    const renewed = await read(sub.id);
    const older = await t.secret(`/v1/charges/${sub.latestChargeId}/refund`, { method: 'POST' });
    expect(older.status).toBe(200);
    expect((await read(sub.id)).refunded).toBe(false);

    const latest = await t.secret(`/v1/charges/${renewed.latestChargeId}/refund`, {
      method: 'POST',
    });
    expect(latest.body).toMatchObject({ status: 'refunded' });
    expect(await read(sub.id)).toMatchObject({ refunded: true, status: 'active' });
    await advance(7);
    expect(await read(sub.id)).toMatchObject({ refunded: false, status: 'active' });
  });

  it('another merchant’s advance renews nothing of this one; its events are not listed to it', async () => {
    const plan = await createPlan(t, { name: 'Só minha', price: 3, recurrenceType: 'weekly' });
    const sub = await createSubscription(t, plan.id, { customer: buyer('Jana') });
    const other = await advance(30, 'sk_test_noconnect');
    expect(other.events).toEqual({});
    expect(await chargesOf(sub.customerId)).toHaveLength(1);
    const listed = await t.api<{ data: unknown[]; meta: { total: number } }>(
      `/sandbox/events?resourceId=${sub.id}`,
      { key: 'sk_test_noconnect' },
    );
    expect(listed.body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it('two advances at once: each payment falls due once', async () => {
    const plan = await createPlan(t, { name: 'Corrida', price: 4, recurrenceType: 'weekly' });
    const sub = await createSubscription(t, plan.id, { customer: buyer('Lia') });
    await Promise.all([advance(14), advance(14)]);
    const charges = await chargesOf(sub.customerId);
    expect(charges).toHaveLength(1 + 4);
    expect(new Set(charges.map((c) => c.created_at.getTime())).size).toBe(charges.length);
  });

  it('a card that pays a subscription cannot be deleted (400 naming it)', async () => {
    const plan = await createPlan(t, { name: 'Cartão preso', price: 8 });
    const sub = await createSubscription(t, plan.id, { customer: buyer('Nina') });
    const row = await db()
      .selectFrom('subscriptions')
      .select('card_id')
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    const reply = await t.secret(`/v1/cards/${row.card_id}`, { method: 'DELETE' });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      message: `card ${row.card_id} is the payment method of subscription ${sub.id} (active); it cannot be deleted`,
    });
    const kept = await db()
      .selectFrom('cards')
      .select('id')
      .where('id', '=', row.card_id)
      .executeTakeFirst();
    expect(kept?.id).toBe(row.card_id);
  });
});
