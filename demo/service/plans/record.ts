import { fromCents } from '../kernel/db/money';
import type { PlanPaymentMethod, PlanRow, PlanStatus, RecurrenceType } from '../kernel/db/schema';
import type { Plan, PlanConfirmation } from './schema';

/**
 * The subscription plan record, in cents and `Date`s: `planWire` makes its JSON, once, in the
 * HTTP answer. Its members are in the order the JSON shows them.
 */
export interface PlanRecord {
  id: string;
  merchantId: string;
  name: string;
  priceCents: number;
  currency: string;
  recurrenceType: RecurrenceType;
  /** Months, for `custom` only. */
  recurrenceInterval: number | null;
  endDate: Date | null;
  buyerMessage: string;
  paymentMethods: PlanPaymentMethod[];
  /** '' until an image is uploaded. */
  imageUrl: string;
  status: PlanStatus;
  activeSubscriptionsCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A deactivation that would cancel active subscriptions: nothing changed yet. */
export interface PlanConfirmationRecord {
  confirmationToken: string;
  activeSubscriptionsCount: number;
  expiresAt: Date;
  message: string;
}

/** The row, its image's URL ('' without one) and its active subscriptions. */
export const toPlanRecord = (
  row: PlanRow,
  imageUrl: string,
  activeSubscriptions: number,
): PlanRecord => ({
  id: row.id,
  merchantId: row.merchant_id,
  name: row.name,
  // A bigint column may be read as a string.
  priceCents: Number(row.price_cents),
  currency: row.currency,
  recurrenceType: row.recurrence_type,
  recurrenceInterval: row.recurrence_interval,
  endDate: row.end_date,
  buyerMessage: row.buyer_message,
  paymentMethods: row.payment_methods,
  imageUrl,
  status: row.status,
  activeSubscriptionsCount: activeSubscriptions,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** The record's JSON (`planSchema`): decimal price, ISO 8601 times. */
export const planWire = (plan: PlanRecord): Plan => ({
  id: plan.id,
  merchantId: plan.merchantId,
  name: plan.name,
  price: fromCents(plan.priceCents),
  currency: plan.currency,
  recurrenceType: plan.recurrenceType,
  recurrenceInterval: plan.recurrenceInterval,
  endDate: plan.endDate === null ? null : plan.endDate.toISOString(),
  buyerMessage: plan.buyerMessage,
  paymentMethods: plan.paymentMethods,
  imageUrl: plan.imageUrl,
  status: plan.status,
  activeSubscriptionsCount: plan.activeSubscriptionsCount,
  createdAt: plan.createdAt.toISOString(),
  updatedAt: plan.updatedAt.toISOString(),
});

/** The confirmation's JSON (`planConfirmationSchema`). */
export const planConfirmationWire = (asked: PlanConfirmationRecord): PlanConfirmation => ({
  confirmationToken: asked.confirmationToken,
  activeSubscriptionsCount: asked.activeSubscriptionsCount,
  expiresAt: asked.expiresAt.toISOString(),
  message: asked.message,
});

/** The status change's answer: the plan, or the confirmation to send back. */
export const planStatusWire = (answer: PlanRecord | PlanConfirmationRecord) =>
  'confirmationToken' in answer ? planConfirmationWire(answer) : planWire(answer);
