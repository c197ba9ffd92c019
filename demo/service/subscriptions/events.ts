import type { Transaction } from 'kysely';
import type { Schema } from '../kernel/db/schema';
import { type CausingChange, recordEvents } from '../kernel/delivery/outbox';
import { type SubscriptionRecord, subscriptionWire } from './record';
import type { SubscriptionEvent } from './rules';

/**
 * The subscription's events in the caller's transaction; `data` is the record after the change, as
 * answered. `change`, when given, is the row's write, sent in the same statement.
 */
export async function recordSubscriptionEvents(
  trx: Transaction<Schema>,
  subscription: SubscriptionRecord,
  events: readonly SubscriptionEvent[],
  change?: CausingChange<'subscriptions'>,
): Promise<void> {
  const data = subscriptionWire(subscription);
  await recordEvents(
    trx,
    events.map((event) => ({
      merchantId: subscription.merchantId,
      event,
      resourceType: 'subscription',
      resourceId: subscription.id,
      data,
      occurredAt: subscription.updatedAt,
    })),
    change,
  );
}
