import type { Kysely, Updateable } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import { merchantNow } from '../kernel/clock';
import type {
  CancellationType,
  Schema,
  SubscriptionRow,
  SubscriptionStatus,
  SubscriptionsTable,
} from '../kernel/db/schema';
import { ApiError, badRequest } from '../kernel/http/errors';
import { recordSubscriptionEvents } from './events';
import { findSubscription, type SubscriptionEvent } from './rows';
import type { Subscription, SubscriptionUpdate, SubscriptionUpdated } from './schema';
import { MAX_METADATA_KEYS } from './schema';

export type SubscriptionAction = 'cancel' | 'pause' | 'resume';

interface Transition {
  from: readonly SubscriptionStatus[];
  /** Its past participle, for the refusal: "can be cancelled". */
  done: string;
  event: SubscriptionEvent;
  change: (row: SubscriptionRow, now: Date) => Updateable<SubscriptionsTable>;
}

/** Nothing is scheduled while a subscription is not active. */
export const TRANSITIONS: Readonly<Record<SubscriptionAction, Transition>> = {
  cancel: {
    from: ['active', 'paused', 'pending_activation'],
    done: 'cancelled',
    event: 'subscription.cancelled',
    change: (_row, now) => cancelledAt(now, 'requested'),
  },
  pause: {
    from: ['active'],
    done: 'paused',
    event: 'subscription.paused',
    change: (_row, now) => ({ status: 'paused', paused_at: now, next_billing_at: null }),
  },
  resume: {
    from: ['paused'],
    done: 'resumed',
    event: 'subscription.activated',
    // Billing resumes at the end of the period that was paid, or now if that has passed (the
    // next advance charges it); a payment that was failing before the pause starts afresh.
    change: (row, now) => ({
      status: 'active',
      paused_at: null,
      next_billing_at: new Date(Math.max(row.current_period_end.getTime(), now.getTime())),
      failed_attempts: 0,
    }),
  },
};

export const cancelledAt = (now: Date, type: CancellationType): Updateable<SubscriptionsTable> => ({
  status: 'cancelled',
  cancelled_at: now,
  cancellation_type: type,
  next_billing_at: null,
  paused_at: null,
});

/** The tenant's subscription row, locked until the transaction ends; 404 if none. */
async function locked(trx: Kysely<Schema>, tenant: Tenant, id: string): Promise<SubscriptionRow> {
  const row = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', tenant.merchantId)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined) throw new ApiError({ statusCode: 404, message: 'subscription not found' });
  return row;
}

/** Writes `change` (with `updated_at`) and answers the record after it. */
async function write(
  trx: Kysely<Schema>,
  tenant: Tenant,
  id: string,
  change: Updateable<SubscriptionsTable>,
  now: Date,
): Promise<Subscription> {
  await trx
    .updateTable('subscriptions')
    .set({ ...change, updated_at: now })
    .where('id', '=', id)
    .where('merchant_id', '=', tenant.merchantId)
    .execute();
  const after = await findSubscription(trx, tenant.merchantId, id);
  if (after === undefined) throw new Error(`subscription ${id} vanished`);
  return after;
}

/** Cancel, pause or resume, with its event; from any other status a 400 naming it. */
export async function transition(
  trx: Kysely<Schema>,
  tenant: Tenant,
  id: string,
  action: SubscriptionAction,
): Promise<Subscription> {
  const row = await locked(trx, tenant, id);
  const { from, done, event, change } = TRANSITIONS[action];
  if (!from.includes(row.status)) {
    throw new ApiError(
      badRequest(
        `subscription ${id} is ${row.status}; only ${from.join(', ')} subscriptions can be ${done}`,
      ),
    );
  }
  const now = await merchantNow(trx, tenant.merchantId);
  const after = await write(trx, tenant, id, change(row, now), now);
  await recordSubscriptionEvents(trx, after, [event]);
  return after;
}

/**
 * The update: a new billing day (from the next period on: the current one keeps its end) and
 * metadata merged key by key (`null` removes one). Only an active subscription; no event.
 */
export async function update(
  trx: Kysely<Schema>,
  tenant: Tenant,
  id: string,
  body: SubscriptionUpdate,
): Promise<SubscriptionUpdated> {
  const row = await locked(trx, tenant, id);
  if (row.status !== 'active') {
    throw new ApiError(badRequest('only active subscriptions can be updated'));
  }
  const metadata = { ...row.metadata };
  for (const [key, value] of Object.entries(body.metadata ?? {})) {
    if (value === null) delete metadata[key];
    else metadata[key] = value;
  }
  if (Object.keys(metadata).length > MAX_METADATA_KEYS) {
    throw new ApiError(
      badRequest(`metadata would have more than ${MAX_METADATA_KEYS} keys once merged`),
    );
  }
  const billingDay = body.billingDay ?? row.billing_day;
  const now = await merchantNow(trx, tenant.merchantId);
  await write(
    trx,
    tenant,
    id,
    { billing_day: billingDay, metadata: JSON.stringify(metadata) },
    now,
  );
  return { success: true, id, billingDay, metadata };
}
