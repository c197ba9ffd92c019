import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Schema, SubscriptionRow, SubscriptionsTable } from '../kernel/db/schema';
import {
  type SubscriptionRecord,
  type SubscriptionWithNames,
  toSubscriptionRecord,
} from './record';

/** Subscriptions with their plan's and customer's names (every query adds its own `where`). */
export const subscriptionsWithNames = (db: Kysely<Schema>) =>
  db
    .selectFrom('subscriptions')
    .innerJoin('subscription_plans', 'subscription_plans.id', 'subscriptions.plan_id')
    .innerJoin('customers', 'customers.id', 'subscriptions.customer_id')
    .selectAll('subscriptions')
    .select([
      'subscription_plans.name as plan_name',
      'subscription_plans.price_cents as plan_price_cents',
      'subscription_plans.currency as plan_currency',
      'customers.name as customer_name',
      'customers.email as customer_email',
    ]);

/** One merchant's subscription, or undefined. */
export async function findSubscription(
  db: Kysely<Schema>,
  merchantId: string,
  id: string,
): Promise<SubscriptionRecord | undefined> {
  const row = await subscriptionsWithNames(db)
    .where('subscriptions.id', '=', id)
    .where('subscriptions.merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row === undefined ? undefined : toSubscriptionRecord(row as SubscriptionWithNames);
}

/** The merchant's subscription row, locked until the transaction ends, or undefined. */
export const lockedSubscription = (
  trx: Transaction<Schema>,
  merchantId: string,
  id: string,
): Promise<SubscriptionRow | undefined> =>
  trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .forUpdate()
    .executeTakeFirst();

/** Writes `change` (with `updated_at`) and answers the record after it. */
export async function writeSubscription(
  trx: Transaction<Schema>,
  merchantId: string,
  id: string,
  change: Updateable<SubscriptionsTable>,
  now: Date,
): Promise<SubscriptionRecord> {
  await trx
    .updateTable('subscriptions')
    .set({ ...change, updated_at: now })
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .execute();
  const after = await findSubscription(trx, merchantId, id);
  if (after === undefined) throw new Error(`subscription ${id} vanished`);
  return after;
}
