import * as z from 'zod';
import { metaPageSchema } from '../customers/schema';
import type { PlanPaymentMethod, PlanStatus, RecurrenceType } from '../kernel/db/schema';
import { currencySchema } from '../kernel/http/validation';
import { listParams } from '../kernel/lists/list-query';
import { type OrderColumn, text } from '../kernel/lists/page';

/** The spec's Subscription plan record, as answered: the JSON of a `PlanRecord` (`record.ts`). */
export interface Plan {
  id: string;
  merchantId: string;
  name: string;
  price: number;
  currency: string;
  recurrenceType: RecurrenceType;
  /** Months, for `custom` only. */
  recurrenceInterval: number | null;
  endDate: string | null;
  buyerMessage: string;
  paymentMethods: PlanPaymentMethod[];
  /** '' until an image is uploaded. */
  imageUrl: string;
  status: PlanStatus;
  activeSubscriptionsCount: number;
  createdAt: string;
  updatedAt: string;
}

export const RECURRENCE_TYPES = [
  'weekly',
  'biweekly',
  'monthly',
  'custom',
] as const satisfies readonly RecurrenceType[];
export const PLAN_STATUSES = ['active', 'inactive'] as const satisfies readonly PlanStatus[];
export const PLAN_PAYMENT_METHODS = [
  'credit_card',
  'pix',
] as const satisfies readonly PlanPaymentMethod[];

/** PIX charges are BRL only, so a plan that accepts PIX is a BRL plan. */
export const PIX_CURRENCY = 'BRL';
export const MAX_PLAN_NAME = 200;
export const MAX_BUYER_MESSAGE = 500;
export const MAX_PLAN_PRICE = 1_000_000_000;
export const MAX_RECURRENCE_INTERVAL = 24;

/** An enum whose absence reads "is required" (zod's own message would list the values). */
const requiredEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? 'is required' : undefined) });

/** A whole number of cents: at most 2 decimal places (tolerant of binary fractions like 0.29). */
const hasCents = (amount: number) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6;

/** `POST /v1/subscription-plans`. `endDate` in the future is checked on the merchant's clock. */
export const newPlanBody = z
  .strictObject({
    name: z.string().trim().min(1, 'must not be empty').max(MAX_PLAN_NAME),
    price: z
      .number()
      .min(1)
      .max(MAX_PLAN_PRICE)
      .refine(hasCents, 'must have at most 2 decimal places')
      .describe('In the currency unit, at least 1, at most 2 decimal places'),
    currency: currencySchema,
    recurrenceType: requiredEnum(RECURRENCE_TYPES),
    recurrenceInterval: z
      .int()
      .min(1)
      .max(MAX_RECURRENCE_INTERVAL)
      .nullable()
      .optional()
      .describe('Months between charges: required for `custom`, absent or null otherwise'),
    endDate: z.iso
      .datetime({ offset: true })
      .nullable()
      .optional()
      .describe('When the plan ends (in the future); null or absent: never'),
    buyerMessage: z.string().max(MAX_BUYER_MESSAGE).default(''),
    paymentMethods: z
      .array(z.enum(PLAN_PAYMENT_METHODS))
      .min(1)
      .default(['credit_card'])
      .refine((methods) => new Set(methods).size === methods.length, 'must not repeat a method'),
  })
  .superRefine((plan, ctx) => {
    const interval = plan.recurrenceInterval ?? null;
    if (plan.recurrenceType === 'custom' && interval === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'is required when recurrenceType is custom',
        path: ['recurrenceInterval'],
      });
    }
    if (plan.recurrenceType !== 'custom' && interval !== null) {
      ctx.addIssue({
        code: 'custom',
        message: `must be absent or null unless recurrenceType is custom`,
        path: ['recurrenceInterval'],
      });
    }
    if (plan.paymentMethods.includes('pix') && plan.currency !== PIX_CURRENCY) {
      ctx.addIssue({
        code: 'custom',
        message: `may include pix only for a ${PIX_CURRENCY} plan`,
        path: ['paymentMethods'],
      });
    }
  });
export type NewPlan = z.output<typeof newPlanBody>;

/** `PATCH /v1/subscription-plans/{id}/status`. */
export const planStatusBody = z.strictObject({
  status: requiredEnum(PLAN_STATUSES),
  confirmationToken: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('Confirms a deactivation that cancels active subscriptions (from the first answer)'),
});
export type PlanStatusChange = z.output<typeof planStatusBody>;

/** Record fields `orderBy` accepts (those that are columns), and their columns. */
export const PLAN_COLUMNS = {
  id: 'subscription_plans.id',
  name: text('subscription_plans.name'),
  price: 'subscription_plans.price_cents',
  currency: 'subscription_plans.currency',
  recurrenceType: 'subscription_plans.recurrence_type',
  recurrenceInterval: 'subscription_plans.recurrence_interval',
  endDate: 'subscription_plans.end_date',
  status: 'subscription_plans.status',
  createdAt: 'subscription_plans.created_at',
  updatedAt: 'subscription_plans.updated_at',
} as const satisfies Record<string, OrderColumn>;
export type PlanField = keyof typeof PLAN_COLUMNS;
const FIELDS = Object.keys(PLAN_COLUMNS) as PlanField[];

/** `GET /v1/subscription-plans`. */
export const planListQuery = z.object({
  ...listParams('limit', FIELDS),
  status: z.enum(PLAN_STATUSES).optional(),
});
export type PlanListQuery = z.output<typeof planListQuery>;

const timestamp = z.iso.datetime();

/** The spec's Subscription plan, as answered. */
export const planSchema = z.strictObject({
  id: z.string(),
  merchantId: z.string(),
  name: z.string(),
  price: z.number(),
  currency: z.string(),
  recurrenceType: z.enum(RECURRENCE_TYPES),
  recurrenceInterval: z.int().min(1).max(MAX_RECURRENCE_INTERVAL).nullable(),
  endDate: timestamp.nullable(),
  buyerMessage: z.string(),
  paymentMethods: z.array(z.enum(PLAN_PAYMENT_METHODS)),
  imageUrl: z.union([z.literal(''), z.url()]),
  status: z.enum(PLAN_STATUSES),
  activeSubscriptionsCount: z.int().min(0),
  createdAt: timestamp,
  updatedAt: timestamp,
}) satisfies z.ZodType<Plan>;

/** A deactivation that would cancel active subscriptions: nothing changed yet. */
export interface PlanConfirmation {
  confirmationToken: string;
  activeSubscriptionsCount: number;
  expiresAt: string;
  message: string;
}

export const planConfirmationSchema = z.strictObject({
  confirmationToken: z.string(),
  activeSubscriptionsCount: z.int().min(1),
  expiresAt: timestamp,
  message: z.string(),
}) satisfies z.ZodType<PlanConfirmation>;

/** The status operation's two answers: the plan, or a confirmation to send back. */
export const planStatusAnswerSchema = z.union([planSchema, planConfirmationSchema]);

export const planListSchema = metaPageSchema(planSchema);
