import * as z from 'zod';
import { KSUID_PATTERN } from '../kernel/db/ksuid';
import { currencySchema } from '../kernel/http/validation';

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
