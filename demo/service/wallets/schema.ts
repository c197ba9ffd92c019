import * as z from 'zod';
import type { MerchantAccount } from '../accounts/principal';
import { KSUID_PATTERN } from '../kernel/db/ksuid';
import { fromCents } from '../kernel/db/money';
import { currencySchema } from '../kernel/http/validation';
import { mayWithdraw } from '../payouts/rules';
import type { BalanceCents } from './ledger';
import { toUsdCents } from './rates';
import { addsEmptyHome, HOME_CURRENCY } from './rules';

/** `GET /v1/wallets`: whose wallets (a KSUID), and one currency. */
export const walletQuery = z.object({
  merchantId: z
    .string()
    .regex(KSUID_PATTERN, 'must be a merchant id (27 letters and digits)')
    .optional()
    .describe(
      'The merchant whose wallets to read: the administrator must name one; a master may name one of its sub-merchants',
    ),
  currency: currencySchema.optional().describe('Only this currency’s wallet'),
});

export type WalletQuery = z.output<typeof walletQuery>;

const amounts = z.strictObject({
  available: z.number(),
  pending: z.number(),
  reserved: z.number(),
});

/** The spec's Wallet (per currency). */
export const walletSchema = z.strictObject({
  currency: z.string(),
  isWithdrawalEnabled: z
    .boolean()
    .describe('True for an active sub-merchant’s BRL wallet (payout requests are BRL only)'),
  balance: amounts.describe('In the wallet’s currency'),
  usdBalance: amounts.describe('In US dollars, at the sandbox’s fixed rates'),
});

export type Wallet = z.output<typeof walletSchema>;

export const walletListSchema = z.array(walletSchema);

const inUnits = (cents: BalanceCents, convert: (cents: number) => number) => ({
  available: fromCents(convert(cents.available)),
  pending: fromCents(convert(cents.pending)),
  reserved: fromCents(convert(cents.reserved)),
});

/** A wallet's balances (cents, from the ledger) as the API answers them. */
export const toWallet = (merchant: MerchantAccount, cents: BalanceCents): Wallet => ({
  currency: cents.currency,
  isWithdrawalEnabled: mayWithdraw(merchant, cents.currency),
  balance: inUnits(cents, (value) => value),
  usdBalance: inUnits(cents, (value) => toUsdCents(value, cents.currency)),
});

/** The merchant's wallets from its ledger rows: BRL always (`addsEmptyHome`), then by currency. */
export function walletsOf(
  merchant: MerchantAccount,
  rows: readonly BalanceCents[],
  currency?: string,
): Wallet[] {
  const all = [...rows];
  if (
    addsEmptyHome(
      all.map((row) => row.currency),
      currency,
    )
  ) {
    all.push({ currency: HOME_CURRENCY, available: 0, pending: 0, reserved: 0 });
  }
  return all
    .filter((row) => currency === undefined || row.currency === currency)
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
    .map((row) => toWallet(merchant, row));
}

/** `GET /sandbox/clock` and what `POST /sandbox/clock/advance` answers. */
export const clockSchema = z.strictObject({
  merchantId: z.string(),
  now: z.iso.datetime().describe('The time on the merchant’s clock'),
  offsetDays: z.number().min(0).describe('How far the merchant moved its clock, in days'),
});

export const advancedClockSchema = z.strictObject({
  ...clockSchema.shape,
  events: z
    .record(z.string(), z.int().min(1))
    .describe(
      'Events the due work of the advance recorded (renewals, failures, expiries), by name',
    ),
});

export const advanceSchema = z.strictObject({
  days: z
    .number()
    .int('must be a whole number')
    .min(1)
    .max(3650)
    .describe('Whole days to move the merchant’s clock forward'),
});
