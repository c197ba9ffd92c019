import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { type Tenant, tenantOf } from '../accounts/tenancy';
import type { Schema } from '../kernel/db/schema';
import { operation } from '../kernel/http/documented';
import { deliveryListSchema } from '../openapi/responses';
import type { Services } from '../registry';

/** One delivery attempt, as `GET /sandbox/deliveries` lists it. */
export interface DeliveryAttempt {
  eventId: string;
  event: string;
  url: string;
  attempt: number;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why the attempt failed without a status (network, timeout) or was refused. */
  error?: string;
  delivered: boolean;
  at: string;
  durationMs: number;
}

/** The newest attempts listed; older ones stay in the database. */
export const DELIVERIES_LISTED = 1000;

/** A merchant's latest delivery attempts, oldest first. */
export async function listAttempts(db: Kysely<Schema>, tenant: Tenant): Promise<DeliveryAttempt[]> {
  const rows = await db
    .selectFrom('webhook_attempts as a')
    .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .select([
      'a.attempt',
      'a.http_status',
      'a.error',
      'a.delivered',
      'a.duration_ms',
      'a.at',
      'd.url',
      'e.id as event_id',
      'e.event',
    ])
    .where('a.merchant_id', '=', tenant.merchantId)
    .orderBy('a.id', 'desc')
    .limit(DELIVERIES_LISTED)
    .execute();
  return rows.reverse().map((row) => ({
    eventId: row.event_id,
    event: row.event,
    url: row.url,
    attempt: row.attempt,
    ...(row.http_status === null ? {} : { status: row.http_status }),
    ...(row.error === null ? {} : { error: row.error }),
    delivered: row.delivered,
    at: row.at.toISOString(),
    durationMs: row.duration_ms,
  }));
}

/** `GET /sandbox/deliveries` (secret key): the merchant's webhook attempts, retries included. */
export function deliveryRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const { db } = services.database;
  app.get(
    '/sandbox/deliveries',
    operation({
      summary: "Sandbox: the merchant's webhook delivery attempts",
      response: deliveryListSchema,
    }),
    requireKey(services, 'secret'),
    async (c) => c.json(await listAttempts(db, tenantOf(c.get('principal')))),
  );
  return app;
}
