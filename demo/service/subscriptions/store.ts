import type { Kysely, Transaction } from 'kysely';
import type { Principal } from '../accounts/principal';
import { type Tenant, tenantOf } from '../accounts/tenancy';
import type { CardStore } from '../cards/store';
import type { ChargeStore } from '../charges/store';
import type { CustomerStore } from '../customers/store';
import { merchantNow } from '../kernel/clock';
import type { PlanRow, Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import { ApiError, spec } from '../kernel/http/errors';
import { newId } from '../kernel/ids';
import { fetchPage, likePattern, metaEnvelope } from '../kernel/lists/page';
import { recordSubscriptionEvents } from './events';
import { periodCharge } from './period-charge';
import {
  type SubscriptionRecord,
  type SubscriptionWithNames,
  toSubscriptionRecord,
} from './record';
import {
  findSubscription,
  lockedSubscription,
  subscriptionsWithNames,
  writeSubscription,
} from './rows';
import {
  firstPeriod,
  mustAllow,
  mustBeCustomersCard,
  mustBeSubscribable,
  mustReadSubscriptionsOf,
  type SubscriptionAction,
  subscriptionNotFound,
  updated,
} from './rules';
import {
  type NewSubscription,
  SUBSCRIPTION_COLUMNS,
  type SubscriptionListQuery,
  type SubscriptionPaymentMethod,
  type SubscriptionUpdate,
  type SubscriptionUpdated,
} from './schema';

export interface SubscriptionStoreDeps {
  db: Kysely<Schema>;
  customers: CustomerStore;
  cards: CardStore;
  charges: ChargeStore;
  log: (line: string) => void;
}

/**
 * Subscriptions, scoped to one merchant; each change and its events commit together. What a
 * change may do is decided in `rules.ts`; this reads and writes.
 */
export class SubscriptionStore {
  constructor(private readonly deps: SubscriptionStoreDeps) {}

  require(tenant: Tenant, id: string): Promise<SubscriptionRecord> {
    return this.found(this.deps.db, tenant, id);
  }

  private async found(db: Kysely<Schema>, tenant: Tenant, id: string): Promise<SubscriptionRecord> {
    const found = await findSubscription(db, tenant.merchantId, id);
    if (found === undefined) throw subscriptionNotFound();
    return found;
  }

  /** Whose subscriptions a list reads (`mustReadSubscriptionsOf`). */
  async scopeOf(principal: Principal, merchantId: string | undefined): Promise<Tenant> {
    const tenant = tenantOf(principal);
    if (merchantId === undefined || merchantId === tenant.merchantId) return tenant;
    const sub = await this.deps.db
      .selectFrom('merchants')
      .select('id')
      .where('id', '=', merchantId)
      .where('parent_id', '=', tenant.merchantId)
      .executeTakeFirst();
    mustReadSubscriptionsOf(merchantId, sub !== undefined);
    return { merchantId };
  }

  async list(principal: Principal, query: SubscriptionListQuery) {
    const tenant = await this.scopeOf(principal, query.merchantId);
    let rows = subscriptionsWithNames(this.deps.db).where(
      'subscriptions.merchant_id',
      '=',
      tenant.merchantId,
    );
    if (query.customerId !== undefined) {
      rows = rows.where('subscriptions.customer_id', '=', query.customerId);
    }
    if (query.status !== undefined) rows = rows.where('subscriptions.status', '=', query.status);
    if (query.search !== undefined) {
      const pattern = likePattern(query.search);
      rows = rows.where((eb) =>
        eb.or([
          eb('customers.name', 'ilike', pattern),
          eb('customers.email', 'ilike', pattern),
          eb('subscription_plans.name', 'ilike', pattern),
        ]),
      );
    }
    const request = { page: query.page, size: query.limit, orderBy: query.orderBy };
    const page = await fetchPage(rows, request, SUBSCRIPTION_COLUMNS, 'subscriptions.id');
    return metaEnvelope(
      page.rows.map((row) => toSubscriptionRecord(row as SubscriptionWithNames)),
      page.total,
      request,
    );
  }

  /**
   * One transaction: the customer (found or created), the card (a raw one saved for the
   * customer), the first period's charge, the subscription and its events (`firstPeriod`).
   */
  async create(tenant: Tenant, input: NewSubscription): Promise<SubscriptionRecord> {
    const { db, customers, charges } = this.deps;
    const created = await inTransaction(db, async (trx) => {
      const plan = await this.sharedPlan(trx, tenant, input.planId);
      const now = await merchantNow(trx, tenant.merchantId);
      mustBeSubscribable(plan, now);
      const customer = await customers.resolveFor(tenant, input.customer, trx);
      const cardId = await this.cardFor(trx, tenant, input.paymentMethod, customer.id);
      const charge = await charges.createIn(
        trx,
        tenant,
        periodCharge(
          { name: plan.name, priceCents: Number(plan.price_cents), currency: plan.currency },
          customer.id,
          input.paymentMethod,
        ),
        { at: now },
      );
      const first = firstPeriod(
        now,
        { recurrenceType: plan.recurrence_type, recurrenceInterval: plan.recurrence_interval },
        input.billingDay,
        charge.status === 'paid',
      );
      const id = newId('sub');
      await trx
        .insertInto('subscriptions')
        .values({
          id,
          merchant_id: tenant.merchantId,
          plan_id: plan.id,
          customer_id: customer.id,
          card_id: cardId,
          ...first.row,
          latest_charge_id: charge.id,
          metadata: JSON.stringify(input.metadata),
          created_at: now,
          updated_at: now,
        })
        .execute();
      const subscription = await this.found(trx, tenant, id);
      await recordSubscriptionEvents(trx, subscription, first.events);
      return { subscription, chargeId: charge.id };
    });
    const { subscription, chargeId } = created;
    this.deps.log(
      `subscription: ${subscription.id} created → ${subscription.status} (${chargeId})`,
    );
    return subscription;
  }

  /** A new billing day and merged metadata (`updated`); no event. */
  async update(tenant: Tenant, id: string, body: SubscriptionUpdate): Promise<SubscriptionUpdated> {
    return inTransaction(this.deps.db, async (trx) => {
      const row = await this.locked(trx, tenant, id);
      const { billingDay, metadata } = updated(row, body);
      const now = await merchantNow(trx, tenant.merchantId);
      const change = { billing_day: billingDay, metadata: JSON.stringify(metadata) };
      await writeSubscription(trx, tenant.merchantId, id, change, now);
      return { success: true, id, billingDay, metadata };
    });
  }

  /** Cancel, pause or resume (`TRANSITIONS`), with its event. */
  async apply(tenant: Tenant, id: string, action: SubscriptionAction): Promise<SubscriptionRecord> {
    const after = await inTransaction(this.deps.db, async (trx) => {
      const row = await this.locked(trx, tenant, id);
      const { event, change } = mustAllow(action, row);
      const now = await merchantNow(trx, tenant.merchantId);
      const written = await writeSubscription(trx, tenant.merchantId, id, change(row, now), now);
      await recordSubscriptionEvents(trx, written, [event]);
      return written;
    });
    this.deps.log(`subscription: ${id} ${action} → ${after.status}`);
    return after;
  }

  /** The tenant's subscription row, locked until the transaction ends; 404 if none. */
  private async locked(trx: Transaction<Schema>, tenant: Tenant, id: string) {
    const row = await lockedSubscription(trx, tenant.merchantId, id);
    if (row === undefined) throw subscriptionNotFound();
    return row;
  }

  /** This merchant's plan, locked so it stays subscribable (or not) until commit; 404 if none. */
  private async sharedPlan(
    trx: Transaction<Schema>,
    tenant: Tenant,
    planId: string,
  ): Promise<PlanRow> {
    const plan = await trx
      .selectFrom('subscription_plans')
      .selectAll()
      .where('id', '=', planId)
      .where('merchant_id', '=', tenant.merchantId)
      .forShare()
      .executeTakeFirst();
    if (plan === undefined) throw new ApiError(spec.planNotFound());
    return plan;
  }

  /** The card charged each period: the saved one (`mustBeCustomersCard`), or the raw one saved. */
  private async cardFor(
    trx: Transaction<Schema>,
    tenant: Tenant,
    input: SubscriptionPaymentMethod,
    customerId: string,
  ): Promise<string> {
    const { cards } = this.deps;
    if (input.variant === 'saved_card') {
      const stored = await cards.require(tenant, input.method.cardTokenId, trx);
      mustBeCustomersCard(stored.customerId, customerId);
      return stored.card.id;
    }
    const card = await cards.saveFor(tenant, input.method, customerId, trx);
    return card.id;
  }
}
