import {
  type InsertQueryBuilder,
  type InsertResult,
  type Kysely,
  type QueryCreator,
  sql,
  type UpdateQueryBuilder,
} from 'kysely';
import type { DeliveryChannel, Schema } from '../db/schema';
import { newId } from '../ids';
import { endpointFanout, type FanoutEvent, fansOut } from './fanout';
import { ENDPOINT_MAX_ATTEMPTS } from './kinds';
import { wakeAfterCommit } from './wake';

/**
 * The one writer of event and delivery rows (`events`, `webhook_deliveries`): an event recorded
 * with its change (`recordEvents`), and a stored event queued again (`requeueEvent`, the
 * resend). Both write in the caller's connection, so inside its transaction an event and its
 * deliveries exist if and only if the change that caused them commits (an outbox); both wake the
 * delivery worker once that commit is done (`wake.ts`), so no caller has to.
 */

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
  /** Deliveries queued (the worker is woken after the commit when there are any). */
  queued: number;
}

/** A delivery's destination when its writer names it (a postback, a test send, a resend's copy). */
export interface Destination {
  endpointId: string | null;
  channel: DeliveryChannel;
  url: string;
  /** The channel's attempts when it was queued: a copy keeps them. */
  maxAttempts: number;
  /** One resource's deliveries to one destination go out in order (`queue.ts`). */
  orderKey: string;
}

/** A stored event, as `requeueEvent` needs it. */
export interface StoredEventRef {
  id: string;
  merchantId: string;
  event: string;
  resourceId: string;
}

/** Stores an event and queues its deliveries: `recordEvents` for one event. */
export async function recordEvent<T>(
  db: Kysely<Schema>,
  input: NewEvent<T>,
): Promise<EventEnvelope<T>> {
  const { envelopes } = await recordEvents(db, [input]);
  return envelopes[0] as EventEnvelope<T>;
}

/**
 * The events of one change (`charge.created` then `charge.paid`…), in order, in one statement
 * whatever their number: the events, their deliveries and, when given, the change itself and the
 * writes that go `also` with it. `events.seq` keeps their order (they share one creation time).
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
  const direct = recorded.flatMap(({ input, eventId }) => {
    const to: Destination[] = [];
    if (input.postbackUrl !== undefined) {
      to.push({
        endpointId: null,
        channel: 'postback',
        url: input.postbackUrl,
        maxAttempts: POSTBACK_MAX_ATTEMPTS,
        orderKey: input.resourceId,
      });
    }
    if (input.to !== undefined) {
      to.push({
        endpointId: input.to.endpointId,
        channel: 'endpoint',
        url: input.to.url,
        maxAttempts: ENDPOINT_MAX_ATTEMPTS,
        orderKey: `${input.to.endpointId}:${input.resourceId}`,
      });
    }
    return to.map((destination) => ({ eventId, merchantId: input.merchantId, destination }));
  });
  const fanout = recorded
    .filter(({ input }) => input.to === undefined && fansOut(input.event))
    .map(({ input, eventId }) => ({
      eventId,
      merchantId: input.merchantId,
      event: input.event,
      resourceId: input.resourceId,
    }));
  const queued = await write(db, { at, events, direct, fanout, change, also });
  return { envelopes: recorded.map(({ envelope }) => envelope), queued };
}

/**
 * A stored event queued again, its envelope unchanged: to every enabled endpoint of its merchant
 * that takes its kind now (`fanout.ts`), and to each of `again` (copies of earlier deliveries).
 * Answers how many deliveries were queued.
 */
export function requeueEvent(
  db: Kysely<Schema>,
  event: StoredEventRef,
  again: readonly Destination[],
): Promise<number> {
  const { id: eventId, merchantId, resourceId } = event;
  return write(db, {
    at: new Date(),
    events: [],
    direct: again.map((destination) => ({ eventId, merchantId, destination })),
    fanout: fansOut(event.event) ? [{ eventId, merchantId, event: event.event, resourceId }] : [],
    also: [],
  });
}

/** What one statement of the writer inserts. */
interface Rows<TB extends keyof Schema> {
  at: Date;
  events: ReadonlyArray<{
    id: string;
    merchant_id: string;
    event: string;
    resource_type: string;
    resource_id: string;
    envelope: string;
    created_at: Date;
  }>;
  direct: ReadonlyArray<{ eventId: string; merchantId: string; destination: Destination }>;
  fanout: readonly FanoutEvent[];
  change?: CausingChange<TB> | undefined;
  also: readonly AlsoWrite[];
}

/**
 * Every row in one statement (common table expressions), then the worker's wake registered for
 * after the commit. Answers how many deliveries were queued.
 */
async function write<TB extends keyof Schema>(
  db: Kysely<Schema>,
  { at, events, direct, fanout, change, also }: Rows<TB>,
): Promise<number> {
  const deliveries = direct.map(({ eventId, merchantId, destination }) => ({
    id: newId('whd'),
    merchant_id: merchantId,
    event_id: eventId,
    endpoint_id: destination.endpointId,
    channel: destination.channel,
    url: destination.url,
    status: 'queued' as const,
    attempts: 0,
    max_attempts: destination.maxAttempts,
    next_attempt_at: at,
    order_key: destination.orderKey,
    created_at: at,
    updated_at: at,
  }));
  // Data-modifying CTEs all run, referenced or not; the deliveries' foreign key to their events
  // is checked at the end of the statement, when the events exist.
  let statement: QueryCreator<Schema> = db;
  if (change !== undefined) statement = statement.with('change', change);
  for (const [index, entry] of also.entries()) statement = statement.with(`also${index}`, entry);
  if (events.length > 0) {
    statement = statement.with('recorded', (creator) =>
      creator.insertInto('events').values([...events]),
    );
  }
  if (deliveries.length > 0) {
    statement = statement.with('direct', (creator) =>
      creator.insertInto('webhook_deliveries').values(deliveries),
    );
  }
  let queued = deliveries.length;
  if (fanout.length > 0) {
    const counted = await statement
      .with('fanout', () => sql`(${endpointFanout(fanout, at)})` as never)
      .selectNoFrom(sql<number>`(select count(*) from fanout)::int`.as('fanned'))
      .executeTakeFirstOrThrow();
    queued += Number(counted.fanned);
  } else if (
    events.length > 0 ||
    deliveries.length > 0 ||
    change !== undefined ||
    also.length > 0
  ) {
    await statement.selectNoFrom(sql<number>`1`.as('written')).execute();
  }
  wakeAfterCommit(db, queued);
  return queued;
}
