import * as z from 'zod';
import type { CardRow } from '../kernel/db/schema';
import type { Card } from '../kernel/wire-types';
import { cardFields, EXPIRED, notExpired } from '../three-ds/schema';

/** A saved card as charges need it: the record, its number (opened from the vault), its state. */
export interface StoredCard {
  card: Card;
  /** Opened from the vault only for a charge (managed 3DS picks the card's scenario). */
  number: string;
  customerId?: string;
}

export const registerCardSchema = z
  .strictObject({
    ...cardFields,
    cvv: z
      .string()
      .regex(/^\d{3,4}$/, 'must be 3 or 4 digits')
      .optional(),
    customerId: z.string().min(1).optional(),
    validateCard: z.boolean().default(false),
  })
  .refine(notExpired, EXPIRED);
export type RegisterCard = z.output<typeof registerCardSchema>;

export const activateCardSchema = z.strictObject({
  activationValue: z.string({ error: 'must be a string with an exact decimal, e.g. "1.37"' }),
});

export const cardListQuery = z.object({ customerId: z.string().min(1).optional() });

/** The spec's card record: never the number, never the validation amount. */
export const toCard = (row: CardRow): Card => ({
  id: row.id,
  token: row.token,
  maskedNumber: row.masked_number,
  brand: row.brand,
  expirationMonth: row.expiration_month,
  expirationYear: row.expiration_year,
  status: row.status,
  createdAt: row.created_at.toISOString(),
});

/** The spec's card record, as answered. */
export const cardSchema = z.strictObject({
  id: z.string(),
  token: z.string(),
  maskedNumber: z.string(),
  brand: z.string(),
  expirationMonth: z.string(),
  expirationYear: z.string(),
  status: z.enum(['pending_validation', 'active', 'inactive']),
  createdAt: z.iso.datetime(),
}) satisfies z.ZodType<Card>;

/** `POST /v1/cards`: with `validateCard`, the amount charged to validate it (sandbox-only). */
export const registeredCardSchema = cardSchema.extend({
  validationAmount: z.string().optional().describe('Sandbox-only: the statement QA reads'),
});

export const cardListSchema = z.array(cardSchema);

export const activatedCardSchema = z.strictObject({
  id: z.string(),
  status: cardSchema.shape.status,
  message: z.string(),
});

export const deletedCardSchema = z.strictObject({
  id: z.string(),
  deleted: z.literal(true),
  message: z.string(),
});

/** `GET /sandbox/cards/{id}/validation-amount`. */
export const validationAmountSchema = z.strictObject({
  id: z.string(),
  status: cardSchema.shape.status,
  validationAmount: z.string().nullable(),
  currency: z.literal('BRL'),
});
