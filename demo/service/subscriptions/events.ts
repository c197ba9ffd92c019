import type { Kysely } from 'kysely';
import type { Schema } from '../kernel/db/schema';
import { type CausingChange, recordEvents } from '../kernel/delivery/outbox';
import type { SubscriptionEvent } from './rows';
import type { Subscription } from './schema';

/**
 * The subscription's events in the caller's transaction; `data` is the record after the change.
 * `change`, when given, is the row's write, sent in the same statement.
 */
export async function recordSubscriptionEvents(
  trx: Kysely<Schema>,
  subscription: Subscription,
  events: readonly SubscriptionEvent[],
  change?: CausingChange<'subscriptions'>,
): Promise<void> {
  await recordEvents(
    trx,
    events.map((event) => ({
      merchantId: subscription.merchantId,
      event,
      resourceType: 'subscription',
      resourceId: subscription.id,
      data: subscription,
      occurredAt: new Date(subscription.updatedAt),
    })),
    change,
  );
}
