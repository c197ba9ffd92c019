import { fromCents } from '../kernel/db/money';
import type { CancellationType, SubscriptionRow, SubscriptionStatus } from '../kernel/db/schema';
import type { Subscription } from './schema';

/**
 * The subscription record, in cents and `Date`s (times on the merchant's clock): `subscriptionWire`
 * makes its JSON, once, where it leaves the service (an HTTP answer, an event's `data`). Its
 * members are in the order the JSON shows them.
 */
export interface SubscriptionRecord {
  id: string;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  billingDay: number;
  cancelledAt: Date | null;
  cancellationType: CancellationType | null;
  refunded: boolean;
  createdAt: Date;
  updatedAt: Date;
  plan: { name: string; priceCents: number; currency: string };
  customer: { name: string; email: string };
  planId: string;
  customerId: string;
  merchantId: string;
  metadata: Record<string, string>;
  nextBillingAt: Date | null;
  pausedAt: Date | null;
  /** Payment attempts failed in a row (the first charge's or the current renewal's; 0 once paid). */
  failedAttempts: number;
  /** The charge of the latest payment attempt; null for a seeded record without one. */
  latestChargeId: string | null;
}

/** A subscription's row with its plan's and customer's names (`rows.ts`). */
export type SubscriptionWithNames = SubscriptionRow & {
  plan_name: string;
  plan_price_cents: number | string;
  plan_currency: string;
  customer_name: string;
  customer_email: string;
};

export const toSubscriptionRecord = (row: SubscriptionWithNames): SubscriptionRecord => ({
  id: row.id,
  status: row.status,
  currentPeriodStart: row.current_period_start,
  currentPeriodEnd: row.current_period_end,
  billingDay: row.billing_day,
  cancelledAt: row.cancelled_at,
  cancellationType: row.cancellation_type,
  refunded: row.refunded,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  plan: {
    name: row.plan_name,
    // A bigint column may be read as a string.
    priceCents: Number(row.plan_price_cents),
    currency: row.plan_currency,
  },
  customer: { name: row.customer_name, email: row.customer_email },
  planId: row.plan_id,
  customerId: row.customer_id,
  merchantId: row.merchant_id,
  metadata: row.metadata,
  nextBillingAt: row.next_billing_at,
  pausedAt: row.paused_at,
  failedAttempts: row.failed_attempts,
  latestChargeId: row.latest_charge_id,
});

const isoOrNull = (date: Date | null) => (date === null ? null : date.toISOString());

/** The record's JSON (`subscriptionSchema`): decimal price, ISO 8601 times. */
export const subscriptionWire = (record: SubscriptionRecord): Subscription => ({
  id: record.id,
  status: record.status,
  currentPeriodStart: record.currentPeriodStart.toISOString(),
  currentPeriodEnd: record.currentPeriodEnd.toISOString(),
  billingDay: record.billingDay,
  cancelledAt: isoOrNull(record.cancelledAt),
  cancellationType: record.cancellationType,
  refunded: record.refunded,
  createdAt: record.createdAt.toISOString(),
  updatedAt: record.updatedAt.toISOString(),
  plan: {
    name: record.plan.name,
    price: fromCents(record.plan.priceCents),
    currency: record.plan.currency,
  },
  customer: record.customer,
  planId: record.planId,
  customerId: record.customerId,
  merchantId: record.merchantId,
  metadata: record.metadata,
  nextBillingAt: isoOrNull(record.nextBillingAt),
  pausedAt: isoOrNull(record.pausedAt),
  failedAttempts: record.failedAttempts,
  latestChargeId: record.latestChargeId,
});
