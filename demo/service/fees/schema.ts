import type { Selectable } from 'kysely';
import * as z from 'zod';
import { fromCents } from '../kernel/db/money';
import type { FeesTable, FeeType } from '../kernel/db/schema';

/** The spec's Sub-account fees info: the merchant and its fees, flat. */
export interface FeesInfo {
  merchant: { id: string; legalName: string; companyTaxId: string };
  fees: Fee[];
}

export interface Fee {
  feeType: FeeType;
  paymentMethod: string;
  currencyCode: string;
  /** null: the default fee; a brand: that brand's override (never merged with the default). */
  brand: string | null;
  definition: { fixed: number; percentages: number[] };
}

export const toFee = (row: Selectable<FeesTable>): Fee => ({
  feeType: row.fee_type,
  paymentMethod: row.payment_method,
  currencyCode: row.currency_code,
  brand: row.brand,
  definition: { fixed: fromCents(Number(row.fixed_cents)), percentages: row.percentages },
});

export const feesInfoSchema = z.strictObject({
  merchant: z.strictObject({ id: z.string(), legalName: z.string(), companyTaxId: z.string() }),
  fees: z.array(
    z.strictObject({
      feeType: z.enum(['tx_spread', 'anticipation']),
      paymentMethod: z.string(),
      currencyCode: z.string(),
      brand: z.string().nullable(),
      definition: z.strictObject({ fixed: z.number(), percentages: z.array(z.number()) }),
    }),
  ),
}) satisfies z.ZodType<FeesInfo>;
