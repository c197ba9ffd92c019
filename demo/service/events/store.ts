import { type Kysely, sql } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { Schema } from '../kernel/db/schema';
import { fetchPage, metaEnvelope } from '../kernel/lists/page';
import { EVENT_COLUMNS, type EventListQuery, type StoredEvent } from './schema';

const envelopeOf = (value: unknown): { data?: unknown } =>
  (typeof value === 'string' ? JSON.parse(value) : value) as { data?: unknown };

/** The merchant's stored events (every family's), newest first by default. */
export async function listEvents(db: Kysely<Schema>, tenant: Tenant, query: EventListQuery) {
  let rows = db
    .selectFrom('events')
    .select(['id', 'event', 'resource_type', 'resource_id', 'created_at', 'envelope'])
    .where('merchant_id', '=', tenant.merchantId);
  if (query.event !== undefined) rows = rows.where('event', '=', query.event);
  if (query.resourceType !== undefined) rows = rows.where('resource_type', '=', query.resourceType);
  if (query.resourceId !== undefined) rows = rows.where('resource_id', '=', query.resourceId);
  const request = { page: query.page, size: query.limit, orderBy: query.orderBy };
  const page = await fetchPage(rows, request, EVENT_COLUMNS, 'events.seq');
  return metaEnvelope(
    page.rows.map(
      (row): StoredEvent => ({
        id: row.id,
        event: row.event,
        resourceType: row.resource_type,
        resourceId: row.resource_id,
        createdAt: row.created_at.toISOString(),
        data: envelopeOf(row.envelope).data ?? null,
      }),
    ),
    page.total,
    request,
  );
}

/** The last event recorded so far (0: none): the events recorded after it have a greater `seq`. */
export async function lastEventSeq(db: Kysely<Schema>): Promise<number> {
  const row = await db
    .selectFrom('events')
    .select(sql<string>`coalesce(max(seq), 0)::text`.as('seq'))
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

/** The first `event` of `resourceId` for `merchantId` recorded after `afterSeq`, if any. */
export async function firstEventSince(
  db: Kysely<Schema>,
  where: { merchantId: string; event: string; resourceId: string; afterSeq: number },
): Promise<{ id: string; event: string } | undefined> {
  return db
    .selectFrom('events')
    .select(['id', 'event'])
    .where('merchant_id', '=', where.merchantId)
    .where('event', '=', where.event)
    .where('resource_id', '=', where.resourceId)
    .where('seq', '>', where.afterSeq)
    .orderBy('seq')
    .limit(1)
    .executeTakeFirst();
}
