import type { Kysely } from 'kysely';
import type { Schema } from '../db/schema';
import { newId } from '../ids';

/** The spec's standard envelope (charges, subscriptions). */
export interface EventEnvelope<T = unknown> {
  id: string;
  event: string;
  livemode: false;
  data: T;
}

export interface NewEvent<T> {
  merchantId: string;
  /** e.g. `charge.paid` */
  event: string;
  /** e.g. `charge` */
  resourceType: string;
  resourceId: string;
  data: T;
  /** The resource's legacy postback URL, when it has one: a delivery on the `postback` channel. */
  postbackUrl?: string;
}

/** The legacy postback: 3 attempts in all. */
export const POSTBACK_MAX_ATTEMPTS = 3;

/** Told after a commit that queued deliveries, so they go out without waiting for a poll. */
export interface DeliveryQueue {
  wake(): void;
}

/**
 * Stores an event and queues its deliveries with the caller's connection: inside the caller's
 * transaction, an event exists if and only if the change that caused it was committed (an outbox).
 * The caller wakes the delivery queue after its commit.
 */
export async function recordEvent<T>(
  db: Kysely<Schema>,
  input: NewEvent<T>,
): Promise<EventEnvelope<T>> {
  const envelope: EventEnvelope<T> = {
    id: newId('evt'),
    event: input.event,
    livemode: false,
    data: input.data,
  };
  const at = new Date();
  await db
    .insertInto('events')
    .values({
      id: envelope.id,
      merchant_id: input.merchantId,
      event: input.event,
      resource_type: input.resourceType,
      resource_id: input.resourceId,
      envelope: JSON.stringify(envelope),
      created_at: at,
    })
    .execute();
  if (input.postbackUrl !== undefined) {
    await db
      .insertInto('webhook_deliveries')
      .values({
        id: newId('whd'),
        merchant_id: input.merchantId,
        event_id: envelope.id,
        endpoint_id: null,
        channel: 'postback',
        url: input.postbackUrl,
        status: 'queued',
        attempts: 0,
        max_attempts: POSTBACK_MAX_ATTEMPTS,
        next_attempt_at: at,
        order_key: input.resourceId,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  return envelope;
}
