import type { Kysely } from 'kysely';
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
