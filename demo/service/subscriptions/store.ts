import type { Kysely } from 'kysely';
import type { Principal } from '../accounts/principal';
import { type Tenant, tenantOf } from '../accounts/tenancy';
import type { CardStore } from '../cards/store';
import type { ChargeStore } from '../charges/store';
import type { CustomerStore } from '../customers/store';
import { merchantNow } from '../kernel/clock';
import type { PlanRow, Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import { ApiError, badRequest, forbiddenBecause, spec } from '../kernel/http/errors';
import { newId } from '../kernel/ids';
import { fetchPage, likePattern, metaEnvelope } from '../kernel/lists/page';
import { nextBillingDate } from './calendar';
import { recordSubscriptionEvents } from './events';
import { periodCharge } from './period-charge';
import { RETRY_AFTER_MS } from './renewals';
import { findSubscription, subscriptionsWithNames } from './rows';
import {
  type NewSubscription,
  SUBSCRIPTION_COLUMNS,
  type Subscription,
  type SubscriptionListQuery,
  type SubscriptionPaymentMethod,
  type SubscriptionUpdate,
  type SubscriptionUpdated,
  type SubscriptionWithNames,
  toSubscription,
} from './schema';
import { type SubscriptionAction, transition, update } from './transitions';

export interface SubscriptionStoreDeps {
  db: Kysely<Schema>;
  customers: CustomerStore;
  cards: CardStore;
  charges: ChargeStore;
  log: (line: string) => void;
}

export const subscriptionNotFound = () =>
  new ApiError({ statusCode: 404, message: 'subscription not found' });

/** Subscriptions, scoped to one merchant; each change and its events commit together. */
export class SubscriptionStore {
  constructor(private readonly deps: SubscriptionStoreDeps) {}

  async require(tenant: Tenant, id: string, db = this.deps.db): Promise<Subscription> {
    const found = await findSubscription(db, tenant.merchantId, id);
    if (found === undefined) throw subscriptionNotFound();
    return found;
  }

  /**
   * Whose subscriptions a list reads: the caller's own, or (`merchantId`) a master's own
   * sub-merchant's; any other `merchantId` is a 403 that names it.
   */
  async scopeOf(principal: Principal, merchantId: string | undefined): Promise<Tenant> {
    const tenant = tenantOf(principal);
    if (merchantId === undefined || merchantId === tenant.merchantId) return tenant;
    const sub = await this.deps.db
      .selectFrom('merchants')
      .select('id')
      .where('id', '=', merchantId)
      .where('parent_id', '=', tenant.merchantId)
      .executeTakeFirst();
    if (sub === undefined) {
      throw new ApiError(
        forbiddenBecause(
          `merchantId ${merchantId} is neither this merchant nor one of its sub-merchants`,
        ),
      );
    }
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
      page.rows.map((row) => toSubscription(row as SubscriptionWithNames)),
      page.total,
      request,
    );
  }

  /**
   * One transaction: the customer (found or created), the card (a raw one saved for the
   * customer), the first period's charge, the subscription and its events. The charge paid:
   * `active`; declined: `pending_activation`, tried again on the next days like a renewal.
   */
  async create(tenant: Tenant, input: NewSubscription): Promise<Subscription> {
    const { db, customers, charges } = this.deps;
    const created = await inTransaction(db, async (trx) => {
      const plan = await this.subscribablePlan(trx, tenant, input.planId);
      const now = await merchantNow(trx, tenant.merchantId);
      const customer = await customers.resolveFor(tenant, input.customer, trx);
      const cardId = await this.cardFor(trx, tenant, input.paymentMethod, customer.id);
      const charge = await charges.create(
        tenant,
        periodCharge(
          { name: plan.name, priceCents: Number(plan.price_cents), currency: plan.currency },
          customer.id,
          input.paymentMethod,
        ),
        trx,
        { at: now },
      );
      const paid = charge.status === 'paid';
      const billingDay = input.billingDay ?? now.getUTCDate();
      const end = nextBillingDate(
        now,
        { recurrenceType: plan.recurrence_type, recurrenceInterval: plan.recurrence_interval },
        billingDay,
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
          status: paid ? 'active' : 'pending_activation',
          billing_day: billingDay,
          current_period_start: now,
          current_period_end: end,
          // Declined: tried again a day later (`renewals.ts`), as a failed renewal is.
          next_billing_at: paid ? end : new Date(now.getTime() + RETRY_AFTER_MS),
          failed_attempts: paid ? 0 : 1,
          latest_charge_id: charge.id,
          metadata: JSON.stringify(input.metadata),
          created_at: now,
          updated_at: now,
        })
        .execute();
      const subscription = await this.require(tenant, id, trx);
      await recordSubscriptionEvents(trx, subscription, [
        'subscription.created',
        paid ? 'subscription.activated' : 'subscription.payment_failed',
      ]);
      return { subscription, chargeId: charge.id };
    });
    const { subscription, chargeId } = created;
    this.deps.log(
      `subscription: ${subscription.id} created → ${subscription.status} (${chargeId})`,
    );
    return subscription;
  }

  async update(tenant: Tenant, id: string, body: SubscriptionUpdate): Promise<SubscriptionUpdated> {
    return inTransaction(this.deps.db, (trx) => update(trx, tenant, id, body));
  }

  async apply(tenant: Tenant, id: string, action: SubscriptionAction): Promise<Subscription> {
    const after = await inTransaction(this.deps.db, (trx) => transition(trx, tenant, id, action));
    this.deps.log(`subscription: ${id} ${action} → ${after.status}`);
    return after;
  }

  /** This merchant's plan, active, taking cards, not ended; locked so it stays so until commit. */
  private async subscribablePlan(
    trx: Kysely<Schema>,
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
    const refuse = (why: string) => new ApiError(badRequest(`subscription plan ${planId} ${why}`));
    if (plan.status !== 'active') throw refuse('is inactive: activate it before subscribing');
    if (!plan.payment_methods.includes('credit_card')) throw refuse('does not accept credit_card');
    const now = await merchantNow(trx, tenant.merchantId);
    if (plan.end_date !== null && plan.end_date <= now) {
      throw refuse(`ended at ${plan.end_date.toISOString()}`);
    }
    return plan;
  }

  /** The card charged each period: the saved one (the customer's or no one's), or the raw one saved. */
  private async cardFor(
    trx: Kysely<Schema>,
    tenant: Tenant,
    input: SubscriptionPaymentMethod,
    customerId: string,
  ): Promise<string> {
    const { cards } = this.deps;
    if (input.variant === 'saved_card') {
      const stored = await cards.require(tenant, input.method.cardTokenId, trx);
      if (stored.customerId !== undefined && stored.customerId !== customerId) {
        throw new ApiError(badRequest('paymentMethod.cardTokenId is a card of another customer'));
      }
      return stored.card.id;
    }
    const card = await cards.saveFor(tenant, input.method, customerId, trx);
    return card.id;
  }
}
