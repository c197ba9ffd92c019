import type { Kysely } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { DeliveryChannel, DeliveryStatus, Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import { requeueEvent } from '../kernel/delivery/outbox';
import { ApiError, ownError } from '../kernel/http/errors';
import { mustHaveSomewhereToGo, resentChannels } from './rules';
import type { StoredEvent } from './schema';

/** One attempt of a delivery. */
export interface AttemptRecord {
  attempt: number;
  status: number | null;
  error: string | null;
  delivered: boolean;
  durationMs: number;
  at: string;
}

/** One delivery of an event: where, on which channel, how far it got, and its attempts. */
export interface DeliveryRecord {
  id: string;
  channel: DeliveryChannel;
  url: string;
  endpointId: string | null;
  status: DeliveryStatus;
  attempts: number;
  maxAttempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  attemptLog: AttemptRecord[];
}

export type EventDetail = StoredEvent & {
  envelope: Record<string, unknown>;
  deliveries: DeliveryRecord[];
};

const parsed = (value: unknown) =>
  (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;

export const eventNotFound = (id: string) => new ApiError(ownError(404, `event not found: ${id}`));

async function eventRow(db: Kysely<Schema>, tenant: Tenant, id: string) {
  const row = await db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', tenant.merchantId)
    .executeTakeFirst();
  if (row === undefined) throw eventNotFound(id);
  return row;
}

/** The stored event with its envelope and every delivery with every attempt, oldest first. */
export async function eventDetail(
  db: Kysely<Schema>,
  tenant: Tenant,
  id: string,
): Promise<EventDetail> {
  const row = await eventRow(db, tenant, id);
  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('event_id', '=', id)
    .where('merchant_id', '=', tenant.merchantId)
    .orderBy('seq')
    .execute();
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .selectFrom('webhook_attempts')
          .selectAll()
          .where(
            'delivery_id',
            'in',
            deliveries.map((d) => d.id),
          )
          .orderBy('id')
          .execute();
  const envelope = parsed(row.envelope);
  return {
    id: row.id,
    event: row.event,
    resourceType: row.resource_type,
    resourceId: row.resource_id,
    createdAt: row.created_at.toISOString(),
    data: envelope.data ?? null,
    envelope,
    deliveries: deliveries.map((d) => ({
      id: d.id,
      channel: d.channel,
      url: d.url,
      endpointId: d.endpoint_id,
      status: d.status,
      attempts: d.attempts,
      maxAttempts: d.max_attempts,
      nextAttemptAt: d.status === 'queued' ? d.next_attempt_at.toISOString() : null,
      createdAt: d.created_at.toISOString(),
      attemptLog: attempts
        .filter((a) => a.delivery_id === d.id)
        .map((a) => ({
          attempt: a.attempt,
          status: a.http_status,
          error: a.error,
          delivered: a.delivered,
          durationMs: a.duration_ms,
          at: a.at.toISOString(),
        })),
    })),
  };
}

/**
 * Sends the stored event again, with its envelope unchanged (the same `id`, so a receiver can
 * deduplicate): to every enabled endpoint that takes its kind now, and to its postback URL if it
 * had one; a test event to its endpoint. Each copy keeps its delivery's channel, order and
 * attempts. 400 when there is nowhere to send it. The rows are written (and the worker woken
 * after the commit) by the one writer, `requeueEvent` (kernel/delivery/outbox.ts).
 */
export async function resendEvent(
  db: Kysely<Schema>,
  tenant: Tenant,
  id: string,
): Promise<{ eventId: string; deliveries: number }> {
  return inTransaction(db, async (trx) => {
    const row = await eventRow(trx, tenant, id);
    const earlier = await trx
      .selectFrom('webhook_deliveries')
      .select(['channel', 'url', 'endpoint_id', 'order_key', 'max_attempts'])
      .distinctOn(['channel', 'url'])
      .where('event_id', '=', id)
      .where('channel', 'in', resentChannels(row.event))
      .execute();
    const queued = await requeueEvent(
      trx,
      {
        id: row.id,
        merchantId: row.merchant_id,
        event: row.event,
        resourceId: row.resource_id,
      },
      earlier.map((again) => ({
        endpointId: again.endpoint_id,
        channel: again.channel,
        url: again.url,
        maxAttempts: again.max_attempts,
        orderKey: again.order_key,
      })),
    );
    mustHaveSomewhereToGo(queued, id, row.event);
    return { eventId: id, deliveries: queued };
  });
}
