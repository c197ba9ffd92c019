import type { Kysely, Selectable } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { Schema, WebhookEndpointsTable } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import type { AllowedHosts } from '../kernel/delivery/allowed-hosts';
import { requireDeliveryUrl } from '../kernel/delivery/delivery-url';
import { TEST_EVENT } from '../kernel/delivery/kinds';
import { recordEvent } from '../kernel/delivery/outbox';
import { ApiError, ownError } from '../kernel/http/errors';
import { newId } from '../kernel/ids';
import type { EndpointChange, NewEndpoint, WebhookEndpoint } from './endpoints-schema';
import { mustHaveRoomForEndpoint } from './rules';

const toEndpoint = (row: Selectable<WebhookEndpointsTable>): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export const endpointNotFound = (id: string) =>
  new ApiError(ownError(404, `webhook endpoint not found: ${id}`));

/** The dashboard's webhook endpoints, scoped to one merchant. */
export class EndpointStore {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly allowed: AllowedHosts,
  ) {}

  async list(tenant: Tenant): Promise<WebhookEndpoint[]> {
    const rows = await this.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('merchant_id', '=', tenant.merchantId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toEndpoint);
  }

  /** `db`: the caller's transaction when it is in one. */
  async require(db: Kysely<Schema>, tenant: Tenant, id: string): Promise<WebhookEndpoint> {
    const row = await db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', id)
      .where('merchant_id', '=', tenant.merchantId)
      .executeTakeFirst();
    if (row === undefined) throw endpointNotFound(id);
    return toEndpoint(row);
  }

  async create(tenant: Tenant, input: NewEndpoint): Promise<WebhookEndpoint> {
    // A URL the sandbox will not deliver to is refused when it is set, naming why.
    const url = requireDeliveryUrl(this.allowed, 'url', input.url);
    return inTransaction(this.db, async (trx) => {
      // Serialised per merchant, so two creations cannot both pass the count.
      await trx
        .selectFrom('merchants')
        .select('id')
        .where('id', '=', tenant.merchantId)
        .forUpdate()
        .execute();
      const { n } = await trx
        .selectFrom('webhook_endpoints')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('merchant_id', '=', tenant.merchantId)
        .executeTakeFirstOrThrow();
      mustHaveRoomForEndpoint(Number(n));
      const now = new Date();
      const row = await trx
        .insertInto('webhook_endpoints')
        .values({
          id: newId('we'),
          merchant_id: tenant.merchantId,
          url,
          events: JSON.stringify(input.events),
          enabled: input.enabled,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toEndpoint(row);
    });
  }

  async change(tenant: Tenant, id: string, body: EndpointChange): Promise<WebhookEndpoint> {
    const url =
      body.url === undefined ? undefined : requireDeliveryUrl(this.allowed, 'url', body.url);
    const row = await this.db
      .updateTable('webhook_endpoints')
      .set({
        ...(url === undefined ? {} : { url }),
        ...(body.events === undefined ? {} : { events: JSON.stringify(body.events) }),
        ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('merchant_id', '=', tenant.merchantId)
      .returningAll()
      .executeTakeFirst();
    if (row === undefined) throw endpointNotFound(id);
    return toEndpoint(row);
  }

  /** Its queued deliveries are dropped; those already made stay in the history. */
  async remove(tenant: Tenant, id: string): Promise<{ id: string; deleted: true }> {
    await inTransaction(this.db, async (trx) => {
      await this.require(trx, tenant, id);
      await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'failed', updated_at: new Date() })
        .where('endpoint_id', '=', id)
        .where('status', '=', 'queued')
        .execute();
      await trx
        .deleteFrom('webhook_endpoints')
        .where('id', '=', id)
        .where('merchant_id', '=', tenant.merchantId)
        .execute();
    });
    return { id, deleted: true };
  }

  /** A `webhook.test` event (standard envelope) delivered to this endpoint alone, enabled or not. */
  async sendTest(tenant: Tenant, id: string): Promise<{ eventId: string }> {
    const endpoint = await this.require(this.db, tenant, id);
    const envelope = await recordEvent(this.db, {
      merchantId: tenant.merchantId,
      event: TEST_EVENT,
      resourceType: 'webhook_endpoint',
      resourceId: endpoint.id,
      data: { endpointId: endpoint.id, url: endpoint.url, message: 'a test event of the sandbox' },
      to: { endpointId: endpoint.id, url: endpoint.url },
    });
    return { eventId: envelope.id };
  }
}
