import * as z from 'zod';
import { fromCents } from '../kernel/db/money';
import type { PayoutRequestRow, PayoutStatus } from '../kernel/db/schema';
import { currencySchema, nonEmpty } from '../kernel/http/validation';
import { dateParam, listParams } from '../kernel/lists/list-query';
import { type OrderColumn, text } from '../kernel/lists/page';

/** A payout request as the service handles it: cents and dates, turned into JSON once (`payoutJson`). */
export interface PayoutRecord {
  id: string;
  merchantId: string;
  amountCents: number;
  currency: string;
  payoutFeeCents: number;
  netAmountCents: number;
  status: PayoutStatus;
  pixKey: string;
  rejectionReason: string | null;
  processedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  merchantLegalName: string;
  merchantEmail: string;
}

/** The spec's Payout request record, as answered and as events carry it. */
export interface PayoutRequest {
  id: string;
  merchantId: string;
  amount: number;
  currency: string;
  payoutFee: number;
  netAmount: number;
  status: PayoutStatus;
  externalAccountDetails: { type: 'pix'; pixKey: string };
  rejectionReason: string | null;
  processedAt: string | null;
  createdAt: string;
  updatedAt: string;
  merchantLegalName: string;
  merchantEmail: string;
}

/** A request's row with its sub-merchant's name and e-mail (joined, so always current). */
export type PayoutRow = PayoutRequestRow & { merchant_legal_name: string; merchant_email: string };

export const toPayoutRecord = (row: PayoutRow): PayoutRecord => ({
  id: row.id,
  merchantId: row.merchant_id,
  amountCents: row.amount_cents,
  currency: row.currency,
  payoutFeeCents: row.payout_fee_cents,
  netAmountCents: row.net_amount_cents,
  status: row.status,
  pixKey: row.pix_key,
  rejectionReason: row.rejection_reason,
  processedAt: row.processed_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  merchantLegalName: row.merchant_legal_name,
  merchantEmail: row.merchant_email,
});

const isoOrNull = (date: Date | null) => (date === null ? null : date.toISOString());

/** The record as the API answers it and as `payout.*` events carry it. */
export const payoutJson = (record: PayoutRecord): PayoutRequest => ({
  id: record.id,
  merchantId: record.merchantId,
  amount: fromCents(record.amountCents),
  currency: record.currency,
  payoutFee: fromCents(record.payoutFeeCents),
  netAmount: fromCents(record.netAmountCents),
  status: record.status,
  externalAccountDetails: { type: 'pix', pixKey: record.pixKey },
  rejectionReason: record.rejectionReason,
  processedAt: isoOrNull(record.processedAt),
  createdAt: record.createdAt.toISOString(),
  updatedAt: record.updatedAt.toISOString(),
  merchantLegalName: record.merchantLegalName,
  merchantEmail: record.merchantEmail,
});

/** Record fields `orderBy` accepts (those that are columns), and their columns. */
export const PAYOUT_COLUMNS = {
  id: 'payout_requests.id',
  merchantId: text('payout_requests.merchant_id'),
  amount: 'payout_requests.amount_cents',
  payoutFee: 'payout_requests.payout_fee_cents',
  netAmount: 'payout_requests.net_amount_cents',
  currency: 'payout_requests.currency',
  status: 'payout_requests.status',
  processedAt: 'payout_requests.processed_at',
  createdAt: 'payout_requests.created_at',
  updatedAt: 'payout_requests.updated_at',
} as const satisfies Record<string, OrderColumn>;
export type PayoutField = keyof typeof PAYOUT_COLUMNS;
const FIELDS = Object.keys(PAYOUT_COLUMNS) as PayoutField[];

/** Merchant ids are KSUIDs. */
export const merchantIdSchema = z
  .string()
  .regex(/^[0-9A-Za-z]{27}$/, 'must be a merchant id (27 letters and digits)');

/**
 * `processing` is one of the spec's filter values, but no request of the sandbox is ever
 * processing (a review settles it at once): the filter is accepted and matches nothing.
 */
export const PAYOUT_FILTER_STATUSES = ['pending', 'approved', 'rejected', 'processing'] as const;

/** `GET /v1/payout-requests`: the spec's filters, names ours. */
export const payoutListQuery = z
  .object({
    ...listParams('size', FIELDS),
    merchantId: merchantIdSchema.optional(),
    status: z.enum(PAYOUT_FILTER_STATUSES).optional(),
    currency: currencySchema.optional(),
    /** Created on or after this day (UTC). */
    startDate: dateParam.optional(),
    /** Created on or before this day (UTC). */
    endDate: dateParam.optional(),
  })
  .refine(
    ({ startDate, endDate }) =>
      startDate === undefined || endDate === undefined || endDate.start >= startDate.start,
    { message: 'must not be before startDate', path: ['endDate'] },
  );
export type PayoutListQuery = z.output<typeof payoutListQuery>;

export const MAX_PAYOUT_AMOUNT = 1_000_000_000;

/** A whole number of cents: at most 2 decimal places (tolerant of binary fractions like 0.29). */
const hasCents = (amount: number) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6;

/** `POST /v1/submerchants/{merchantId}/payout-requests`: the gross amount in BRL. */
export const newPayoutBody = z.strictObject({
  amount: z
    .number()
    .min(1)
    .max(MAX_PAYOUT_AMOUNT)
    .refine(hasCents, 'must have at most 2 decimal places')
    .describe('Gross amount in BRL, at least 1, at most 2 decimal places'),
});

/** Approve: nothing to say (an empty body or `{}`). */
export const approveBody = z.strictObject({});

export const MAX_REJECTION_REASON = 500;

export const rejectBody = z.strictObject({
  reason: nonEmpty
    .max(MAX_REJECTION_REASON)
    .describe('Why the request is rejected; shown as `rejectionReason`'),
});

const timestamp = z.iso.datetime();

/** The spec's Payout request record, as answered. */
export const payoutRequestSchema = z.strictObject({
  id: z.string(),
  merchantId: z.string(),
  amount: z.number(),
  currency: z.string(),
  payoutFee: z.number(),
  netAmount: z.number(),
  status: z.enum(['pending', 'approved', 'rejected']),
  externalAccountDetails: z.strictObject({ type: z.literal('pix'), pixKey: z.string() }),
  rejectionReason: z.string().nullable(),
  processedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  merchantLegalName: z.string(),
  merchantEmail: z.string(),
}) satisfies z.ZodType<PayoutRequest>;

export const createdPayoutSchema = z.strictObject({ id: z.string() });

export const payoutPageSchema = z.strictObject({
  data: z.array(payoutRequestSchema),
  page: z.int().min(1),
  pages: z.int().min(0),
  total: z.int().min(0),
  size: z.int().min(1),
  pendingCount: z
    .int()
    .min(0)
    .describe('Pending requests matching every filter but `status`, across pages'),
});
