import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import { toCustomer } from '../customers/schema';
import type { ChargesTable, Schema } from '../kernel/db/schema';
import type { ChallengeResult } from '../kernel/wire-types';
import type { Charge, ChargeStatus, NextAction, PaymentMethodSummary } from './charge';
import type { ChargeItem } from './schema';

/** The customer's columns beside the charge's, named apart (both tables have `id`, `name`…). */
const CUSTOMER_COLUMNS = [
  'customers.gateway_id as customer_gateway_id',
  'customers.name as customer_name',
  'customers.email as customer_email',
  'customers.document_id as customer_document_id',
  'customers.document_type as customer_document_type',
  'customers.phone_number as customer_phone_number',
  'customers.created_at as customer_created_at',
  'customers.updated_at as customer_updated_at',
] as const;

/** A charge row with its customer's. */
export type ChargeRow = Selectable<ChargesTable> & {
  customer_gateway_id: string;
  customer_name: string;
  customer_email: string;
  customer_document_id: string;
  customer_document_type: string;
  customer_phone_number: string;
  customer_created_at: Date;
  customer_updated_at: Date;
};

/** Charges with their customers, of every merchant: for work over all of them (a sweep). */
export const chargesWithCustomers = (db: Kysely<Schema>) =>
  db
    .selectFrom('charges')
    .innerJoin('customers', 'customers.id', 'charges.customer_id')
    .selectAll('charges')
    .select(CUSTOMER_COLUMNS);

/** The tenant's charges with their customers: another merchant's charge is never found. */
export const chargesOf = (db: Kysely<Schema>, tenant: Tenant) =>
  chargesWithCustomers(db).where('charges.merchant_id', '=', tenant.merchantId);

/**
 * The charge's merchant's clock offset, read by the statement that reads the charge: what falls
 * due on the clock (a PIX code's expiry) is judged exactly, at no extra round trip.
 */
export const CLOCK_OFFSET = sql<number>`coalesce((select offset_ms from merchant_clocks
    where merchant_clocks.merchant_id = charges.merchant_id), 0)`.as('clock_offset_ms');

/** The merchant's clock now, from a row read with `CLOCK_OFFSET`. */
export const clockNowOf = (row: { clock_offset_ms: number | string }): Date =>
  new Date(Date.now() + Number(row.clock_offset_ms));

/** Optional members appear only when set, as the in-memory charges showed them. */
const optional = <K extends string, V>(key: K, value: V | null | undefined) =>
  (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

/** The charge record of a row. The JSON columns hold what `chargeRow` wrote from a `Charge`. */
export function toCharge(row: ChargeRow): Charge {
  return {
    id: row.id,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    status: row.status as ChargeStatus,
    livemode: false,
    customer: toCustomer({
      id: row.customer_id,
      merchant_id: row.merchant_id,
      gateway_id: row.customer_gateway_id,
      name: row.customer_name,
      email: row.customer_email,
      document_id: row.customer_document_id,
      document_type: row.customer_document_type,
      phone_number: row.customer_phone_number,
      created_at: row.customer_created_at,
      updated_at: row.customer_updated_at,
    }),
    paymentMethod: row.payment_method as unknown as PaymentMethodSummary,
    items: row.items as ChargeItem[],
    ...optional('threeDS', row.three_ds as unknown as ChallengeResult | null),
    ...optional('nextAction', row.next_action as unknown as NextAction | null),
    ...optional('pix', pixOf(row)),
    ...optional('failureReason', row.failure_reason),
    ...optional('postbackUrl', row.postback_url),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...optional('paidAt', row.paid_at),
    ...optional('refundedAt', row.refunded_at),
  };
}

const pixOf = (row: ChargeRow) =>
  row.pix_qr_code === null || row.pix_expires_at === null
    ? undefined
    : { qrCode: row.pix_qr_code, expiresAt: row.pix_expires_at };

const json = (value: object | undefined) => (value === undefined ? null : JSON.stringify(value));

/** The columns a charge's life changes (status, 3DS, failure, dates): written on every change. */
export function changedColumns(charge: Charge) {
  return {
    status: charge.status,
    three_ds: json(charge.threeDS),
    next_action: json(charge.nextAction),
    failure_reason: charge.failureReason ?? null,
    updated_at: charge.updatedAt,
    paid_at: charge.paidAt ?? null,
    refunded_at: charge.refundedAt ?? null,
    pix_expires_at: charge.pix?.expiresAt ?? null,
  } satisfies Updateable<ChargesTable>;
}

/** The new row of a charge. */
export const chargeRow = (charge: Charge, merchantId: string): Insertable<ChargesTable> => ({
  id: charge.id,
  merchant_id: merchantId,
  customer_id: charge.customer.id,
  amount_cents: charge.amountCents,
  currency: charge.currency,
  payment_method: JSON.stringify(charge.paymentMethod),
  items: JSON.stringify(charge.items),
  postback_url: charge.postbackUrl ?? null,
  pix_qr_code: charge.pix?.qrCode ?? null,
  created_at: charge.createdAt,
  ...changedColumns(charge),
});
