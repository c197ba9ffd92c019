import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { recordEvents } from '../webhooks/outbox';
import type { SubscriptionEvent } from './rows';
import type { Subscription } from './schema';

/** The subscription's events in the caller's transaction; `data` is the record after the change. */
export async function recordSubscriptionEvents(
  trx: Kysely<Schema>,
  subscription: Subscription,
  events: readonly SubscriptionEvent[],
): Promise<void> {
  await recordEvents(
    trx,
    events.map((event) => ({
      merchantId: subscription.merchantId,
      event,
      resourceType: 'subscription',
      resourceId: subscription.id,
      data: subscription,
    })),
  );
}
