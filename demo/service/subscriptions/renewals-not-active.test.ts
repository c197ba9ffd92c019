// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { setSubMerchantStatus } from '../../testing/not-active';
import { createPlan } from '../../testing/plans';
import { useSandbox } from '../../testing/sandbox';
import { createSubscription, PATH } from '../../testing/subscriptions';
import { SEED_MERCHANT_IDS as IDS } from '../accounts/seed';
import type { StoredEvent } from '../events/schema';
import { DAY_MS } from '../kernel/clock';
import { MAX_PAYMENT_ATTEMPTS } from './rules';
import type { Subscription } from './schema';

// Its own database (`useSandbox`): Sub Ativa is blocked here and nowhere else.
const t = useSandbox();
const db = () => t.sandbox.database.db;
const SUB = 'sk_test_sub';
/** The `failureReason` of a payment due while the merchant may not bill (`accounts/rules.ts`). */
const NOT_ACTIVE_FAILURE = 'sub_merchant_inactive';

const advance = async (days: number) => {
  const reply = await t.api<{ events: Record<string, number> }>('/sandbox/clock/advance', {
    key: SUB,
    body: { days },
  });
  expect(reply.status, reply.text).toBe(200);
  return reply.body.events;
};
const read = async (id: string) => (await t.api<Subscription>(`${PATH}/${id}`, { key: SUB })).body;
const eventNames = async (id: string) => {
  const reply = await t.api<{ data: StoredEvent[] }>(
    `/sandbox/events?resourceId=${id}&limit=100&orderBy=createdAt`,
    { key: SUB },
  );
  return reply.body.data.map((e) => e.event);
};
const chargesOf = (customerId: string) =>
  db()
    .selectFrom('charges')
    .select(['id', 'status', 'failure_reason', 'created_at'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
const ledgerRows = async () =>
  (
    await db()
      .selectFrom('balance_entries')
      .select('id')
      .where('merchant_id', '=', IDS.subAtiva)
      .execute()
  ).length;

describe('renewals of a sub-merchant that is not active', () => {
  it('each payment due is a failed attempt (sub_merchant_inactive, no money): retried daily, cancelled after the 4th', async () => {
    const plan = await createPlan(t, { name: 'Semanal', price: 12, recurrenceType: 'weekly' }, SUB);
    const sub = await createSubscription(t, plan.id, {}, SUB);
    expect(sub.status).toBe('active');
    const due = new Date(sub.nextBillingAt ?? '');
    await setSubMerchantStatus(t, IDS.subAtiva, 'blocked');
    const ledger = await ledgerRows();

    const first = await advance(7);
    expect(first).toMatchObject({ 'subscription.payment_failed': 1 });
    expect(first['subscription.renewed']).toBeUndefined();
    const failing = await read(sub.id);
    expect(failing).toMatchObject({
      status: 'active',
      currentPeriodEnd: sub.currentPeriodEnd,
      failedAttempts: 1,
      nextBillingAt: new Date(due.getTime() + DAY_MS).toISOString(),
    });
    // The attempt is recorded as a failed charge saying why; the card was never tried.
    const [paid, refused] = await chargesOf(sub.customerId);
    expect(paid?.status).toBe('paid');
    expect(refused).toMatchObject({ status: 'failed', failure_reason: NOT_ACTIVE_FAILURE });
    expect(refused?.created_at.toISOString()).toBe(due.toISOString());
    expect(failing.latestChargeId).toBe(refused?.id);
    const charge = await t.api(`/v1/charges/${refused?.id}`, { key: SUB });
    expect(charge.body).toMatchObject({ status: 'failed', failureReason: NOT_ACTIVE_FAILURE });

    const rest = await advance(3);
    expect(rest).toMatchObject({
      'subscription.payment_failed': MAX_PAYMENT_ATTEMPTS - 1,
      'subscription.cancelled': 1,
    });
    expect(await read(sub.id)).toMatchObject({
      status: 'cancelled',
      cancellationType: 'payment_failed',
      cancelledAt: new Date(due.getTime() + 3 * DAY_MS).toISOString(),
      failedAttempts: MAX_PAYMENT_ATTEMPTS,
      nextBillingAt: null,
    });
    expect(await eventNames(sub.id)).toEqual([
      'subscription.created',
      'subscription.activated',
      ...Array(MAX_PAYMENT_ATTEMPTS).fill('subscription.payment_failed'),
      'subscription.cancelled',
    ]);
    const charges = await chargesOf(sub.customerId);
    expect(charges.map((c) => [c.status, c.failure_reason])).toEqual([
      ['paid', null],
      ...Array(MAX_PAYMENT_ATTEMPTS).fill(['failed', NOT_ACTIVE_FAILURE]),
    ]);
    // No money moved for the failed attempts: no ledger entry was added.
    expect(await ledgerRows()).toBe(ledger);
  });

  it('made active again before the last attempt: the next retry is paid and renews', async () => {
    await setSubMerchantStatus(t, IDS.subAtiva, 'active');
    const plan = await createPlan(t, { name: 'Volta', price: 8, recurrenceType: 'weekly' }, SUB);
    const customer = { name: 'Vera Volta', email: 'vera@example.com' };
    const sub = await createSubscription(t, plan.id, { customer }, SUB);
    await setSubMerchantStatus(t, IDS.subAtiva, 'inactive');
    await advance(7);
    expect(await read(sub.id)).toMatchObject({ status: 'active', failedAttempts: 1 });

    await setSubMerchantStatus(t, IDS.subAtiva, 'active');
    expect(await advance(1)).toMatchObject({ 'subscription.renewed': 1 });
    expect(await read(sub.id)).toMatchObject({ status: 'active', failedAttempts: 0 });
    const charges = await chargesOf(sub.customerId);
    expect(charges.map((c) => c.status)).toEqual(['paid', 'failed', 'paid']);
  });
});
