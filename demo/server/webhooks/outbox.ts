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
  const [envelope] = await recordEvents(db, [input]);
  return envelope as EventEnvelope<T>;
}

/**
 * `recordEvent` for the events of one change (`charge.created` then `charge.paid`…), in order:
 * one insert for the events and one for their deliveries, whatever their number. `events.seq`
 * keeps their order (they share one creation time).
 */
export async function recordEvents<T>(
  db: Kysely<Schema>,
  inputs: ReadonlyArray<NewEvent<T>>,
): Promise<Array<EventEnvelope<T>>> {
  if (inputs.length === 0) return [];
  const at = new Date();
  const recorded = inputs.map((input) => ({
    input,
    envelope: { id: newId('evt'), event: input.event, livemode: false, data: input.data } as const,
  }));
  await db
    .insertInto('events')
    .values(
      recorded.map(({ input, envelope }) => ({
        id: envelope.id,
        merchant_id: input.merchantId,
        event: input.event,
        resource_type: input.resourceType,
        resource_id: input.resourceId,
        envelope: JSON.stringify(envelope),
        created_at: at,
      })),
    )
    .execute();
  const postbacks = recorded.flatMap(({ input, envelope }) =>
    input.postbackUrl === undefined
      ? []
      : [
          {
            id: newId('whd'),
            merchant_id: input.merchantId,
            event_id: envelope.id,
            endpoint_id: null,
            channel: 'postback' as const,
            url: input.postbackUrl,
            status: 'queued' as const,
            attempts: 0,
            max_attempts: POSTBACK_MAX_ATTEMPTS,
            next_attempt_at: at,
            order_key: input.resourceId,
            created_at: at,
            updated_at: at,
          },
        ],
  );
  if (postbacks.length > 0) await db.insertInto('webhook_deliveries').values(postbacks).execute();
  return recorded.map(({ envelope }) => envelope);
}
