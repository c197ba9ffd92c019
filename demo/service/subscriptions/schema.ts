import * as z from 'zod';
import {
  cardMethodSchema,
  newChargeSchema,
  RAW_CARD_TAKES,
  SAVED_CARD_TAKES,
  savedCardMethodSchema,
} from '../charges/schema';
import { metaPageSchema } from '../customers/schema';
import type { CancellationType, SubscriptionStatus } from '../kernel/db/schema';
import { documentedAs } from '../kernel/http/documented';
import { freeForm, parseNested } from '../kernel/http/validation';
import { listParams } from '../kernel/lists/list-query';
import { type OrderColumn, text } from '../kernel/lists/page';
import { merchantIdSchema } from '../payouts/schema';

export const SUBSCRIPTION_STATUSES = [
  'pending_activation',
  'active',
  'cancelled',
  'paused',
  'expired',
] as const satisfies readonly SubscriptionStatus[];
export const CANCELLATION_TYPES = [
  'requested',
  'plan_deactivated',
  'payment_failed',
] as const satisfies readonly CancellationType[];

/**
 * The spec's list-item fields, plus ours (`planId` … `latestChargeId`), as answered: the JSON of a
 * `SubscriptionRecord` (`record.ts`). Times on the merchant's clock.
 */
export interface Subscription {
  id: string;
  status: SubscriptionStatus;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  billingDay: number;
  cancelledAt: string | null;
  cancellationType: CancellationType | null;
  refunded: boolean;
  createdAt: string;
  updatedAt: string;
  plan: { name: string; price: number; currency: string };
  customer: { name: string; email: string };
  planId: string;
  customerId: string;
  merchantId: string;
  metadata: Record<string, string>;
  nextBillingAt: string | null;
  pausedAt: string | null;
  /** Payment attempts failed in a row (the first charge's or the current renewal's; 0 once paid). */
  failedAttempts: number;
  /** The charge of the latest payment attempt; null for a seeded record without one. */
  latestChargeId: string | null;
}

export const MAX_METADATA_KEYS = 50;
export const MAX_METADATA_KEY = 40;
export const MAX_METADATA_VALUE = 500;

const billingDay = z.int().min(1).max(31);
const metadataKey = z.string().min(1).max(MAX_METADATA_KEY);
const fewKeys = (value: object) => Object.keys(value).length <= MAX_METADATA_KEYS;
const FEW_KEYS = `must have at most ${MAX_METADATA_KEYS} keys`;

/** Creation's metadata: free-form (any key), string values only. */
const metadata = z
  .record(
    metadataKey,
    z.string().max(MAX_METADATA_VALUE, `values must be at most ${MAX_METADATA_VALUE} characters`),
  )
  .refine(fewKeys, FEW_KEYS);

/** A card's number (variant A) or a saved card (variant B), chosen by `cardTokenId`. */
export type SubscriptionPaymentMethod =
  | { variant: 'card'; method: z.output<typeof cardMethodSchema> }
  | { variant: 'saved_card'; method: z.output<typeof savedCardMethodSchema> };

const has = (value: object, key: string) => key in value;

/** A subscription is charged on a card every period, so device-wallet tokens are refused. */
const choosePaymentMethod = z.unknown().transform((value, ctx): SubscriptionPaymentMethod => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const message = value === undefined ? 'is required' : 'must be an object';
    ctx.addIssue({ code: 'custom', message, input: value });
    return z.NEVER;
  }
  if (has(value, 'wallet')) {
    ctx.addIssue({
      code: 'custom',
      message: 'must be a card (number or cardTokenId): a wallet token cannot be charged again',
      input: value,
    });
    return z.NEVER;
  }
  if (has(value, 'threeDSMode')) {
    ctx.addIssue({
      code: 'custom',
      path: ['threeDSMode'],
      message: 'is not available for subscriptions: authenticate first and pass threeDS',
      input: value,
    });
    return z.NEVER;
  }
  if (has(value, 'cardTokenId')) {
    const method = parseNested(savedCardMethodSchema, value, ctx, SAVED_CARD_TAKES);
    return { variant: 'saved_card', method };
  }
  return { variant: 'card', method: parseNested(cardMethodSchema, value, ctx, RAW_CARD_TAKES) };
});
const paymentMethodSchema = documentedAs(
  choosePaymentMethod,
  z.union([cardMethodSchema, savedCardMethodSchema]),
);

/** `POST /v1/subscriptions` (ours). */
export const newSubscriptionBody = z.strictObject({
  planId: z.string().min(1),
  customer: newChargeSchema.shape.customer,
  paymentMethod: paymentMethodSchema,
  billingDay: billingDay
    .optional()
    .describe("Day of the month (1–31) to charge on; default: today on the merchant's clock"),
  // The default inside: outside, `/openapi.json` would not show it.
  metadata: freeForm(metadata.default({})),
});
export type NewSubscription = z.output<typeof newSubscriptionBody>;

/** `PATCH /v1/subscriptions/{id}`: a `null` value removes a key. */
export const subscriptionUpdateBody = z
  .strictObject({
    billingDay: billingDay.optional(),
    metadata: freeForm(
      z
        .record(
          metadataKey,
          z
            .string()
            .max(MAX_METADATA_VALUE, `values must be at most ${MAX_METADATA_VALUE} characters`)
            .nullable(),
        )
        .refine(fewKeys, FEW_KEYS),
    )
      .optional()
      .describe('Keys merge into the current metadata; a null value removes its key'),
  })
  .refine((body) => body.billingDay !== undefined || body.metadata !== undefined, {
    message: 'needs billingDay or metadata',
  });
export type SubscriptionUpdate = z.output<typeof subscriptionUpdateBody>;

/** Record fields `orderBy` accepts (those that are columns), and their columns. */
export const SUBSCRIPTION_COLUMNS = {
  id: 'subscriptions.id',
  status: 'subscriptions.status',
  billingDay: 'subscriptions.billing_day',
  currentPeriodStart: 'subscriptions.current_period_start',
  currentPeriodEnd: 'subscriptions.current_period_end',
  nextBillingAt: 'subscriptions.next_billing_at',
  cancelledAt: 'subscriptions.cancelled_at',
  pausedAt: 'subscriptions.paused_at',
  failedAttempts: 'subscriptions.failed_attempts',
  planId: 'subscriptions.plan_id',
  customerId: 'subscriptions.customer_id',
  createdAt: 'subscriptions.created_at',
  updatedAt: 'subscriptions.updated_at',
  customerName: text('customers.name'),
  planName: text('subscription_plans.name'),
} as const satisfies Record<string, OrderColumn>;
export type SubscriptionField = keyof typeof SUBSCRIPTION_COLUMNS;
const FIELDS = Object.keys(SUBSCRIPTION_COLUMNS) as SubscriptionField[];

/** `GET /v1/subscriptions`: the spec's filters, names ours. */
export const subscriptionListQuery = z.object({
  ...listParams('limit', FIELDS),
  merchantId: merchantIdSchema.optional(),
  customerId: z.string().min(1).optional(),
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  search: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .describe('Case-insensitive, within the customer’s name or e-mail or the plan’s name'),
});
export type SubscriptionListQuery = z.output<typeof subscriptionListQuery>;

const timestamp = z.iso.datetime();

export const subscriptionSchema = z.strictObject({
  id: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodStart: timestamp,
  currentPeriodEnd: timestamp,
  billingDay: billingDay,
  cancelledAt: timestamp.nullable(),
  cancellationType: z.enum(CANCELLATION_TYPES).nullable(),
  refunded: z.boolean(),
  createdAt: timestamp,
  updatedAt: timestamp,
  plan: z.strictObject({ name: z.string(), price: z.number(), currency: z.string() }),
  customer: z.strictObject({ name: z.string(), email: z.string() }),
  planId: z.string(),
  customerId: z.string(),
  merchantId: z.string(),
  metadata: z.record(z.string(), z.string()),
  nextBillingAt: timestamp.nullable(),
  pausedAt: timestamp.nullable(),
  failedAttempts: z.int().min(0),
  latestChargeId: z.string().nullable(),
}) satisfies z.ZodType<Subscription>;

/** The spec's update answer. */
export const subscriptionUpdatedSchema = z.strictObject({
  success: z.literal(true),
  id: z.string(),
  billingDay: billingDay,
  metadata: z.record(z.string(), z.string()),
});
export type SubscriptionUpdated = z.output<typeof subscriptionUpdatedSchema>;

export const subscriptionListSchema = metaPageSchema(subscriptionSchema);
