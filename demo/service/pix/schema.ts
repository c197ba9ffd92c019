import * as z from 'zod';
import { parseNested, takesOnly, UNKNOWN_FIELD } from '../kernel/http/validation';
import { MAX_AMOUNT_CENTS } from './br-code';

/** How long a PIX code can be paid, in seconds: 1 minute to 1 day, 1 hour when not said. */
export const PIX_EXPIRY_SECONDS = { min: 60, max: 86_400, default: 3_600 } as const;

/** The only currency PIX moves. */
export const PIX_CURRENCY = 'BRL';

/** Variant D: `{ type: "pix", expiresInSeconds? }`, nothing else. */
export const pixMethodSchema = z.strictObject({
  type: z.literal('pix'),
  expiresInSeconds: z
    .number()
    .int('must be a whole number')
    .min(PIX_EXPIRY_SECONDS.min)
    .max(PIX_EXPIRY_SECONDS.max)
    .optional()
    .describe(
      `Seconds the code can be paid for, on the merchant's clock (default ${PIX_EXPIRY_SECONDS.default})`,
    ),
});

export type PixMethod = z.output<typeof pixMethodSchema>;

/** What the other variants take: named as such when a pix payment method carries one. */
const CARD_OPTIONS: ReadonlySet<string> = new Set([
  'number',
  'holderName',
  'expirationMonth',
  'expirationYear',
  'cvv',
  'installments',
  'cardTokenId',
  'wallet',
  'threeDS',
  'threeDSMode',
  'browser',
]);
const PIX_FIELDS: ReadonlySet<string> = new Set(Object.keys(pixMethodSchema.shape));
const TAKES = takesOnly('a pix payment method', pixMethodSchema);

/**
 * A pix payment method, inside the charge's variant chooser: every other member is a 400 naming
 * it (a card option as such), so nothing meant for a card is silently dropped.
 */
export function parsePixMethod(
  value: Record<string, unknown>,
  ctx: z.core.$RefinementCtx,
): PixMethod | typeof z.NEVER {
  const extra = Object.keys(value).filter((key) => !PIX_FIELDS.has(key));
  for (const key of extra) {
    const message = `${CARD_OPTIONS.has(key) ? 'is a card option' : UNKNOWN_FIELD}; ${TAKES}`;
    ctx.addIssue({ code: 'custom', message, path: [key], input: value });
  }
  const known = Object.fromEntries(Object.entries(value).filter(([key]) => PIX_FIELDS.has(key)));
  const method = parseNested(pixMethodSchema, known, ctx);
  return extra.length > 0 ? z.NEVER : method;
}

/** The charge-level rules of a pix charge: BRL, and an amount its BR Code can carry. */
export function pixChargeIssues(charge: {
  amount: number;
  currency: string;
}): Array<{ path: string[]; message: string }> {
  const issues: Array<{ path: string[]; message: string }> = [];
  if (charge.currency !== PIX_CURRENCY) {
    issues.push({ path: ['currency'], message: `must be ${PIX_CURRENCY} for a pix charge` });
  }
  if (Math.round(charge.amount * 100) > MAX_AMOUNT_CENTS) {
    issues.push({ path: ['amount'], message: 'must be at most 9999999999.99 for a pix charge' });
  }
  return issues;
}

/** A pix charge's `paymentMethod`: the expiry it was created with (the default applied). */
export const pixSummarySchema = z.strictObject({
  type: z.literal('pix'),
  expiresInSeconds: z.int().min(PIX_EXPIRY_SECONDS.min).max(PIX_EXPIRY_SECONDS.max),
});

/** A pix charge's `pix`: the code to show the shopper, and when it stops being payable. */
export const pixCodeSchema = z.strictObject({
  qrCode: z
    .string()
    .describe(
      'The BR Code (EMV QRCPS-MPM, CRC16 checked): the QR code’s text and the copy-and-paste code',
    ),
  expiresAt: z.iso
    .datetime()
    .describe('On the merchant’s clock: from then on the charge is expired and cannot be paid'),
});

export type PixCode = z.output<typeof pixCodeSchema>;
