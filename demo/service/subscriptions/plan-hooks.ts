import { type Kysely, sql, type Transaction } from 'kysely';
import { merchantNow } from '../kernel/clock';
import type { PlanRow, Schema } from '../kernel/db/schema';
import { recordSubscriptionEvents } from './events';
import { findSubscription } from './rows';
import { cancelledAt } from './rules';

/** Each plan's `active` subscriptions (0 for a plan with none). */
export async function countActiveSubscriptions(
  db: Kysely<Schema>,
  planIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map(planIds.map((id) => [id, 0]));
  if (planIds.length === 0) return counts;
  const rows = await db
    .selectFrom('subscriptions')
    .select(['plan_id', sql<number>`count(*)::int`.as('active')])
    .where('plan_id', 'in', planIds)
    .where('status', '=', 'active')
    .groupBy('plan_id')
    .execute();
  for (const row of rows) counts.set(row.plan_id, Number(row.active));
  return counts;
}

/**
 * A deactivation confirmed: each active subscription of the plan `cancelled` with
 * `cancellationType: "plan_deactivated"` and one `subscription.cancelled`, in the plan's
 * transaction (the plan's row is locked by it, so no subscription is added meanwhile).
 */
export async function cancelPlanSubscriptions(
  trx: Transaction<Schema>,
  plan: PlanRow,
): Promise<void> {
  const now = await merchantNow(trx, plan.merchant_id);
  const cancelled = await trx
    .updateTable('subscriptions')
    .set({ ...cancelledAt(now, 'plan_deactivated'), updated_at: now })
    .where('plan_id', '=', plan.id)
    .where('merchant_id', '=', plan.merchant_id)
    .where('status', '=', 'active')
    .returning('id')
    .execute();
  for (const { id } of cancelled.sort((a, b) => a.id.localeCompare(b.id))) {
    const after = await findSubscription(trx, plan.merchant_id, id);
    if (after !== undefined) await recordSubscriptionEvents(trx, after, ['subscription.cancelled']);
  }
}
