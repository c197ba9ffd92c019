import {
  type InsertQueryBuilder,
  type InsertResult,
  type Kysely,
  type QueryCreator,
  sql,
  type UpdateQueryBuilder,
} from 'kysely';
import type { Schema } from '../db/schema';
import { newId } from '../ids';
import { endpointFanout, fansOut } from './fanout';
import { ENDPOINT_MAX_ATTEMPTS } from './kinds';

/**
 * The spec's two envelopes. Standard (charges, subscriptions): a global event id and
 * `livemode`. Resource (payouts, account events): `id` is the resource's own id, no `livemode`.
 */
export type EventEnvelope<T = unknown> =
  | { id: string; event: string; livemode: false; data: T }
  | { id: string; event: string; data: T };

export type EnvelopeKind = 'standard' | 'resource';

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
  /** Default `standard`; `resource` for payout and account events. */
  envelope?: EnvelopeKind;
  /** When it happened on the merchant's clock (the event's `createdAt`); default the real time. */
  occurredAt?: Date;
  /**
   * Deliver to this dashboard endpoint alone (a test send). Otherwise the event goes to every
   * enabled endpoint of the merchant that takes its kind (`fanout.ts`).
   */
  to?: { endpointId: string; url: string };
}

/** The legacy postback: 3 attempts in all. */
export const POSTBACK_MAX_ATTEMPTS = 3;

/** Told after a commit that queued deliveries, so they go out without waiting for a poll. */
export interface DeliveryQueue {
  wake(): void;
}

/**
 * The change that caused the events (a resource's insert or update, returning its id), written
 * by the same statement as a common table expression: one round trip fewer on the hot path.
 */
export type CausingChange<TB extends keyof Schema> = (
  db: QueryCreator<Schema>,
) =>
  | InsertQueryBuilder<Schema, TB, { id: string }>
  | UpdateQueryBuilder<Schema, TB, TB, { id: string }>;

/**
 * Another write of the same change (a wallet's ledger entry beside a charge's update), run as one
 * more common table expression of the statement.
 */
export type AlsoWrite = {
  [TB in keyof Schema]: (db: QueryCreator<Schema>) => InsertQueryBuilder<Schema, TB, InsertResult>;
}[keyof Schema];

export interface RecordedEvents<T> {
  envelopes: Array<EventEnvelope<T>>;
  /** Deliveries queued: when more than none, wake the `DeliveryQueue` after the commit. */
  queued: number;
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
  const { envelopes } = await recordEvents(db, [input]);
  return envelopes[0] as EventEnvelope<T>;
}

/**
 * `recordEvent` for the events of one change (`charge.created` then `charge.paid`…), in order,
 * in one statement whatever their number: the events, their deliveries and, when given, the
 * change itself and the writes that go `also` with it. `events.seq` keeps their order (they share
 * one creation time).
 */
export async function recordEvents<T, TB extends keyof Schema = keyof Schema>(
  db: Kysely<Schema>,
  inputs: ReadonlyArray<NewEvent<T>>,
  change?: CausingChange<TB>,
  also: readonly AlsoWrite[] = [],
): Promise<RecordedEvents<T>> {
  const at = new Date();
  const recorded = inputs.map((input) => {
    const eventId = newId('evt');
    const envelope: EventEnvelope<T> =
      input.envelope === 'resource'
        ? { id: input.resourceId, event: input.event, data: input.data }
        : { id: eventId, event: input.event, livemode: false, data: input.data };
    return { input, eventId, envelope };
  });
  const events = recorded.map(({ input, eventId, envelope }) => ({
    id: eventId,
    merchant_id: input.merchantId,
    event: input.event,
    resource_type: input.resourceType,
    resource_id: input.resourceId,
    envelope: JSON.stringify(envelope),
    created_at: input.occurredAt ?? at,
  }));
  const deliveries = recorded.flatMap(({ input, eventId }) => {
    const row = (destination: DirectDelivery) => ({
      id: newId('whd'),
      merchant_id: input.merchantId,
      event_id: eventId,
      status: 'queued' as const,
      attempts: 0,
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
      ...destination,
    });
    const direct: DirectDelivery[] = [];
    if (input.postbackUrl !== undefined) {
      direct.push({
        endpoint_id: null,
        channel: 'postback',
        url: input.postbackUrl,
        max_attempts: POSTBACK_MAX_ATTEMPTS,
        order_key: input.resourceId,
      });
    }
    if (input.to !== undefined) {
      direct.push({
        endpoint_id: input.to.endpointId,
        channel: 'endpoint',
        url: input.to.url,
        max_attempts: ENDPOINT_MAX_ATTEMPTS,
        order_key: `${input.to.endpointId}:${input.resourceId}`,
      });
    }
    return direct.map(row);
  });
  const fanout = recorded
    .filter(({ input }) => input.to === undefined && fansOut(input.event))
    .map(({ input, eventId }) => ({
      eventId,
      merchantId: input.merchantId,
      event: input.event,
      resourceId: input.resourceId,
    }));
  // Data-modifying CTEs all run, referenced or not; the deliveries' foreign key to their events
  // is checked at the end of the statement, when the events exist.
  let statement: QueryCreator<Schema> = db;
  if (change !== undefined) statement = statement.with('change', change);
  for (const [index, write] of also.entries()) statement = statement.with(`also${index}`, write);
  if (events.length > 0) {
    statement = statement.with('recorded', (creator) =>
      creator.insertInto('events').values(events),
    );
  }
  if (deliveries.length > 0) {
    statement = statement.with('direct', (creator) =>
      creator.insertInto('webhook_deliveries').values(deliveries),
    );
  }
  if (fanout.length === 0) {
    if (events.length > 0 || deliveries.length > 0 || change !== undefined || also.length > 0) {
      await statement.selectNoFrom(sql<number>`1`.as('written')).execute();
    }
    return { envelopes: recorded.map(({ envelope }) => envelope), queued: deliveries.length };
  }
  const counted = await statement
    .with('fanout', () => sql`(${endpointFanout(fanout, at)})` as never)
    .selectNoFrom(sql<number>`(select count(*) from fanout)::int`.as('fanned'))
    .executeTakeFirstOrThrow();
  return {
    envelopes: recorded.map(({ envelope }) => envelope),
    queued: deliveries.length + Number(counted.fanned),
  };
}

/** A delivery's destination when the recording names it (a postback, a test send). */
interface DirectDelivery {
  endpoint_id: string | null;
  channel: 'postback' | 'endpoint';
  url: string;
  max_attempts: number;
  order_key: string;
}
