import type { Updateable } from 'kysely';
import type { ChargeStatus } from '../charges/charge';
import { DAY_MS } from '../kernel/clock';
import type {
  CancellationType,
  PlanRow,
  RecurrenceType,
  SubscriptionRow,
  SubscriptionStatus,
  SubscriptionsTable,
} from '../kernel/db/schema';
import { ApiError, badRequest, forbiddenBecause } from '../kernel/http/errors';
import { nextBillingDate, type Recurrence } from './calendar';
import { MAX_METADATA_KEYS } from './schema';

/**
 * The subscriptions' decisions, pure: which status may be cancelled, paused, resumed or updated,
 * what the first charge and each renewal's charge make of a subscription, and when repeated
 * failures cancel it. The stores read and write; the period arithmetic is `calendar.ts`.
 */

/** The events a subscription emits (standard envelope), in the order a change records them. */
export type SubscriptionEvent =
  | 'subscription.created'
  | 'subscription.activated'
  | 'subscription.payment_failed'
  | 'subscription.renewed'
  | 'subscription.cancelled'
  | 'subscription.paused'
  | 'subscription.expired';

export const subscriptionNotFound = () =>
  new ApiError({ statusCode: 404, message: 'subscription not found' });

// ---- cancel, pause, resume, update ----------------------------------------------------------

export type SubscriptionAction = 'cancel' | 'pause' | 'resume';

export interface Transition {
  from: readonly SubscriptionStatus[];
  /** Its past participle, for the refusal: "can be cancelled". */
  done: string;
  event: SubscriptionEvent;
  change: (row: SubscriptionRow, now: Date) => Updateable<SubscriptionsTable>;
}

/** The row's change once cancelled (by request, the plan's deactivation, or failed payments). */
export const cancelledAt = (now: Date, type: CancellationType): Updateable<SubscriptionsTable> => ({
  status: 'cancelled',
  cancelled_at: now,
  cancellation_type: type,
  next_billing_at: null,
  paused_at: null,
});

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

/** The action's transition when the subscription's status allows it; else a 400 naming both. */
export function mustAllow(
  action: SubscriptionAction,
  subscription: Pick<SubscriptionRow, 'id' | 'status'>,
): Transition {
  const transition = TRANSITIONS[action];
  const { from, done } = transition;
  if (!from.includes(subscription.status)) {
    throw new ApiError(
      badRequest(
        `subscription ${subscription.id} is ${subscription.status}; only ${from.join(', ')} subscriptions can be ${done}`,
      ),
    );
  }
  return transition;
}

/**
 * The update of an active subscription (else 400): a new billing day (the current period keeps
 * its end) and metadata merged key by key, a `null` value removing its key; more than
 * `MAX_METADATA_KEYS` keys once merged is a 400.
 */
export function updated(
  row: Pick<SubscriptionRow, 'status' | 'billing_day' | 'metadata'>,
  body: { billingDay?: number; metadata?: Record<string, string | null> },
): { billingDay: number; metadata: Record<string, string> } {
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
  return { billingDay: body.billingDay ?? row.billing_day, metadata };
}

// ---- creation -------------------------------------------------------------------------------

/** A plan may be subscribed to while active, taking cards and not ended (else a 400). */
export function mustBeSubscribable(
  plan: Pick<PlanRow, 'id' | 'status' | 'payment_methods' | 'end_date'>,
  now: Date,
): void {
  const refuse = (why: string) => new ApiError(badRequest(`subscription plan ${plan.id} ${why}`));
  if (plan.status !== 'active') throw refuse('is inactive: activate it before subscribing');
  if (!plan.payment_methods.includes('credit_card')) throw refuse('does not accept credit_card');
  if (plan.end_date !== null && plan.end_date <= now) {
    throw refuse(`ended at ${plan.end_date.toISOString()}`);
  }
}

/** A saved card charged each period is the customer's own or no one's (else a 400). */
export function mustBeCustomersCard(cardCustomerId: string | undefined, customerId: string): void {
  if (cardCustomerId !== undefined && cardCustomerId !== customerId) {
    throw new ApiError(badRequest('paymentMethod.cardTokenId is a card of another customer'));
  }
}

/**
 * Whose subscriptions a list reads: the caller's own, or a master's own sub-merchant's
 * (`isOwnSubMerchant`); any other `merchantId` is a 403 that names it.
 */
export function mustReadSubscriptionsOf(merchantId: string, isOwnSubMerchant: boolean): void {
  if (!isOwnSubMerchant) {
    throw new ApiError(
      forbiddenBecause(
        `merchantId ${merchantId} is neither this merchant nor one of its sub-merchants`,
      ),
    );
  }
}

/**
 * The new subscription after its first charge: paid, `active` for a period from now; declined,
 * `pending_activation`, tried again a day later as a failed renewal is. The billing day is
 * today's unless chosen.
 */
export function firstPeriod(
  now: Date,
  recurrence: Recurrence,
  chosenBillingDay: number | undefined,
  paid: boolean,
) {
  const billingDay = chosenBillingDay ?? now.getUTCDate();
  const end = nextBillingDate(now, recurrence, billingDay);
  const row = {
    status: paid ? ('active' as const) : ('pending_activation' as const),
    billing_day: billingDay,
    current_period_start: now,
    current_period_end: end,
    next_billing_at: paid ? end : new Date(now.getTime() + RETRY_AFTER_MS),
    failed_attempts: paid ? 0 : 1,
  };
  const events: SubscriptionEvent[] = [
    'subscription.created',
    paid ? 'subscription.activated' : 'subscription.payment_failed',
  ];
  return { row, events };
}

// ---- renewals -------------------------------------------------------------------------------

/**
 * The payment that fell due and its retries, one a day after another: the 4th failed attempt
 * cancels the subscription (`cancellationType: "payment_failed"`).
 */
export const MAX_PAYMENT_ATTEMPTS = 4;
export const RETRY_AFTER_MS = DAY_MS;

/** What a renewal step reads of a due subscription and its plan. */
export type DueSubscription = Pick<
  SubscriptionRow,
  'status' | 'billing_day' | 'current_period_end' | 'next_billing_at' | 'failed_attempts'
> & {
  recurrence_type: RecurrenceType;
  recurrence_interval: number | null;
  plan_end_date: Date | null;
};

/** What one step decides: the row's change, and its events in order. */
export interface Step {
  change: Updateable<SubscriptionsTable>;
  events: SubscriptionEvent[];
}

/** When the subscription's payment falls due. */
export const dueAt = (row: DueSubscription): Date => row.next_billing_at ?? row.current_period_end;

/** The expiry, when the plan has ended by the time the payment falls due (nothing is charged). */
export function expiry(row: DueSubscription, due: Date): Step | undefined {
  if (row.plan_end_date === null || due < row.plan_end_date) return undefined;
  return {
    change: { status: 'expired', next_billing_at: null, updated_at: due },
    events: ['subscription.expired'],
  };
}

/**
 * The step after the charge of the payment due at `due` (`undefined`: none could be made, a
 * failed attempt): paid, the next period; declined, a retry a day later, or the cancellation on
 * the `MAX_PAYMENT_ATTEMPTS`th failure.
 */
export function afterCharge(
  row: DueSubscription,
  due: Date,
  charge: { id: string; status: ChargeStatus } | undefined,
): Step {
  const recurrence = {
    recurrenceType: row.recurrence_type,
    recurrenceInterval: row.recurrence_interval,
  };
  const latest = charge === undefined ? {} : { latest_charge_id: charge.id };
  if (charge?.status === 'paid') {
    // A retry that succeeds continues from the end of the paid period (periods stay contiguous);
    // a renewal on time starts there too (it is due then), one after a resume when it is paid,
    // and so does an activation.
    const renewal = row.status === 'active';
    const start = renewal && row.failed_attempts > 0 ? row.current_period_end : due;
    const end = nextBillingDate(start, recurrence, row.billing_day);
    return {
      change: {
        ...latest,
        status: 'active',
        current_period_start: start,
        current_period_end: end,
        next_billing_at: end,
        failed_attempts: 0,
        refunded: false,
        updated_at: due,
      },
      events: [renewal ? 'subscription.renewed' : 'subscription.activated'],
    };
  }
  const attempts = row.failed_attempts + 1;
  if (attempts >= MAX_PAYMENT_ATTEMPTS) {
    return {
      change: {
        ...latest,
        ...cancelledAt(due, 'payment_failed'),
        failed_attempts: attempts,
        updated_at: due,
      },
      events: ['subscription.payment_failed', 'subscription.cancelled'],
    };
  }
  return {
    change: {
      ...latest,
      failed_attempts: attempts,
      next_billing_at: new Date(due.getTime() + RETRY_AFTER_MS),
      updated_at: due,
    },
    events: ['subscription.payment_failed'],
  };
}
