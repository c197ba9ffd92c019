import type { Kysely } from 'kysely';
import type { Schema, SubscriptionStatus } from '../kernel/db/schema';
import { type Subscription, type SubscriptionWithNames, toSubscription } from './schema';

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

/** One merchant's subscription as answered, or undefined. */
export async function findSubscription(
  db: Kysely<Schema>,
  merchantId: string,
  id: string,
): Promise<Subscription | undefined> {
  const row = await subscriptionsWithNames(db)
    .where('subscriptions.id', '=', id)
    .where('subscriptions.merchant_id', '=', merchantId)
    .executeTakeFirst();
  return row === undefined ? undefined : toSubscription(row as SubscriptionWithNames);
}

/** The events each transition emits (standard envelope), in order. */
export type SubscriptionEvent =
  | 'subscription.created'
  | 'subscription.activated'
  | 'subscription.payment_failed'
  | 'subscription.renewed'
  | 'subscription.cancelled'
  | 'subscription.paused'
  | 'subscription.expired';

/** Statuses a subscription can be cancelled from. */
export const CANCELLABLE: readonly SubscriptionStatus[] = [
  'active',
  'paused',
  'pending_activation',
];
