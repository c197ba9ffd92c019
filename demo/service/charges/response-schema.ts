import * as z from 'zod';
import { customerSchema } from '../customers/schema';
import { pixCodeSchema, pixSummarySchema } from '../pix/schema';
import { AUTHENTICATE_STATUSES, challengeResultResponseSchema } from '../three-ds/schema';

/**
 * The charge as the sandbox answers it (`POST /v1/charges`, `GET /v1/charges/{id}`, resume,
 * refund), for `/openapi.json`. The spec does not show a charge's fields: these are ours.
 */
const cardSummarySchema = z.strictObject({
  type: z.literal('credit_card'),
  source: z.enum(['card', 'saved_card', 'wallet']),
  brand: z.string(),
  last4: z.string(),
  installments: z.int().min(1),
  holderName: z.string().optional(),
  expirationMonth: z.string().optional(),
  expirationYear: z.string().optional(),
  cardTokenId: z.string().optional().describe("Saved cards: the card's `id` (`card_…`)"),
  wallet: z
    .strictObject({ type: z.literal('apple_pay'), transactionIdentifier: z.string() })
    .optional(),
  threeDSMode: z.literal('managed').optional(),
});

/** Managed 3DS: what the widget continues with. */
const nextActionSchema = z.strictObject({
  type: z.literal('three_ds'),
  authenticationId: z.string(),
  status: z.enum(AUTHENTICATE_STATUSES),
  fingerprintingUrl: z.url().optional(),
  challengeUrl: z.url().optional(),
});

/** Items come back as they were sent. */
const chargeItemSchema = z.looseObject({
  type: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  quantity: z.int().optional(),
  amount: z.number().optional(),
});

export const chargeSchema = z.strictObject({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z
    .enum(['paid', 'authentication_required', 'pending', 'expired', 'failed', 'refunded'])
    .describe(
      '`pending`: a pix charge waiting for its payment; `expired`: its code was not paid by `pix.expiresAt`',
    ),
  livemode: z.literal(false),
  customer: customerSchema,
  paymentMethod: z.union([cardSummarySchema, pixSummarySchema]),
  items: z.array(chargeItemSchema),
  threeDS: challengeResultResponseSchema.optional(),
  nextAction: nextActionSchema.optional(),
  pix: pixCodeSchema.optional(),
  failureReason: z.string().optional(),
  postbackUrl: z.string().optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  paidAt: z.iso.datetime().optional(),
  refundedAt: z.iso.datetime().optional(),
});
