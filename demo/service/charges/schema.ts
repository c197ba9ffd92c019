import * as z from 'zod';
import { brazilianDocumentIssue, normaliseDocument } from '../customers/br-documents';
import { deliveryUrl } from '../kernel/delivery/delivery-url';
import { documentedAs } from '../kernel/http/documented';
import {
  currencySchema,
  freeForm,
  nonEmpty,
  parseNested,
  takesOnly,
} from '../kernel/http/validation';
import { type PixMethod, parsePixMethod, pixChargeIssues, pixMethodSchema } from '../pix/schema';
import {
  browserSchema,
  cardFields,
  challengeResultResponseSchema,
  EXPIRED,
  hasAtMostTwoDecimals,
  notExpired,
  TWO_DECIMALS,
} from '../three-ds/schema';

/** Item types the sandbox accepts (the spec validates a type but does not list the values). */
export const ITEM_TYPES = ['physical', 'digital', 'service'] as const;

const customerSchema = z
  .strictObject({
    id: z.string().min(1).optional(),
    name: z.string().optional(),
    email: z.email().optional(),
    phone: z
      .string()
      .regex(/^\+?[\d\s().-]{6,20}$/, 'must be a phone number')
      .optional(),
    document: z.strictObject({ type: nonEmpty, id: nonEmpty }).optional(),
    address: z
      .strictObject({
        country: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 3166-1 alpha-3 code, e.g. BRA'),
      })
      .optional(),
    ipAddress: z.string().optional(),
  })
  .superRefine((customer, ctx) => {
    if (customer.id !== undefined) return;
    if (customer.name === undefined || customer.name.trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'is required when id is absent' });
    }
    if (customer.email === undefined && customer.phone === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['email'],
        message: 'is required when id and phone are absent',
      });
    }
  })
  .superRefine((customer, ctx) => {
    const issue = brazilianDocumentIssue(customer);
    if (issue !== undefined) ctx.addIssue({ code: 'custom', ...issue });
  })
  .transform(normaliseDocument);

/** The challenge-result values, as the caller passes them in `threeDS`. */
export const threeDsSchema = z.strictObject(challengeResultResponseSchema.shape);

const cvv = z.string().min(3).max(4).regex(/^\d+$/, 'must contain digits only');
const installments = z.int().min(1).max(12);

const threeDsOptions = {
  threeDSMode: z.literal('managed').optional(),
  browser: browserSchema.optional(),
  threeDS: threeDsSchema.optional(),
};

type ThreeDsOptions = { threeDSMode?: 'managed' | undefined; browser?: unknown; threeDS?: unknown };
const managedHasBrowser = (method: ThreeDsOptions) =>
  method.threeDSMode === undefined || method.browser !== undefined;
const MANAGED_NEEDS_BROWSER = {
  message: 'is required when threeDSMode is managed',
  path: ['browser'],
};
const oneThreeDsWay = (method: ThreeDsOptions) =>
  method.threeDSMode === undefined || method.threeDS === undefined;
const ONE_THREE_DS_WAY = {
  message: 'cannot be combined with threeDSMode managed',
  path: ['threeDS'],
};

/** Variant A: raw card data. */
export const cardMethodSchema = z
  .strictObject({
    type: z.literal('credit_card'),
    ...cardFields,
    cvv,
    installments,
    ...threeDsOptions,
  })
  .refine(notExpired, EXPIRED)
  .refine(managedHasBrowser, MANAGED_NEEDS_BROWSER)
  .refine(oneThreeDsWay, ONE_THREE_DS_WAY);

/** Variant B: a saved card. */
export const savedCardMethodSchema = z
  .strictObject({
    type: z.literal('credit_card'),
    cardTokenId: nonEmpty.describe(
      "The saved card's `id` (`card_…`) from `POST /v1/cards`, not its `token` (`tok_…`): a token of this merchant's card here is 400, naming the card's id",
    ),
    cvv,
    installments,
    ...threeDsOptions,
  })
  .refine(managedHasBrowser, MANAGED_NEEDS_BROWSER)
  .refine(oneThreeDsWay, ONE_THREE_DS_WAY);

/**
 * Variant C: a device-wallet token. The token is free-form, taken exactly as the wallet produced
 * it (its members are the wallet's to define; only those the sandbox reads are checked).
 */
export const walletMethodSchema = z.strictObject({
  type: z.literal('credit_card'),
  installments,
  wallet: z.strictObject({
    type: z.literal('apple_pay'),
    token: freeForm(
      z.looseObject({
        paymentData: z.looseObject({
          data: nonEmpty,
          signature: nonEmpty,
          version: nonEmpty,
          header: z.looseObject({}),
        }),
        paymentMethod: z.looseObject({}),
        transactionIdentifier: nonEmpty,
      }),
    ),
  }),
});

/** Named on a member a variant does not take: which variant was chosen, and what it takes. */
export const RAW_CARD_TAKES = takesOnly('a raw card payment method', cardMethodSchema);
export const SAVED_CARD_TAKES = takesOnly(
  'a saved card payment method (with cardTokenId)',
  savedCardMethodSchema,
);
const WALLET_TAKES = takesOnly('a wallet payment method (with wallet)', walletMethodSchema);

/**
 * A saved card's method; the CVV is checked on the way in and never kept, and a charge the
 * merchant starts on a stored card (a subscription's renewal) has none.
 */
export type SavedCardMethod = Omit<z.output<typeof savedCardMethodSchema>, 'cvv'> & {
  cvv?: string;
};

export type PaymentMethodInput =
  | { variant: 'card'; method: z.output<typeof cardMethodSchema> }
  | { variant: 'saved_card'; method: SavedCardMethod }
  | { variant: 'wallet'; method: z.output<typeof walletMethodSchema> }
  | { variant: 'pix'; method: PixMethod };

const has = (value: unknown, key: string) =>
  typeof value === 'object' && value !== null && key in value;

/**
 * The variant is chosen by its distinctive member: `type: "pix"`, else `wallet`, else
 * `cardTokenId`, else raw card. `/openapi.json` shows the four variants.
 */
const choosePaymentMethod = z.unknown().transform((value, ctx): PaymentMethodInput => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const message = value === undefined ? 'is required' : 'must be an object';
    ctx.addIssue({ code: 'custom', message, input: value });
    return z.NEVER;
  }
  if ('type' in value && value.type === 'pix') {
    return { variant: 'pix', method: parsePixMethod(value as Record<string, unknown>, ctx) };
  }
  if (has(value, 'wallet')) {
    return { variant: 'wallet', method: parseNested(walletMethodSchema, value, ctx, WALLET_TAKES) };
  }
  if (has(value, 'cardTokenId')) {
    const method = parseNested(savedCardMethodSchema, value, ctx, SAVED_CARD_TAKES);
    return { variant: 'saved_card', method };
  }
  return { variant: 'card', method: parseNested(cardMethodSchema, value, ctx, RAW_CARD_TAKES) };
});
const paymentMethodSchema = documentedAs(
  choosePaymentMethod,
  z.union([cardMethodSchema, savedCardMethodSchema, walletMethodSchema, pixMethodSchema]),
);

/**
 * Items: `{ type, name?, description?, quantity?, amount? }` (demo/README-sandbox.md), nothing
 * else; `type` is judged after parsing, since a bad type is the spec's 422.
 */
const itemSchema = z.strictObject({
  type: z.unknown().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  quantity: z.int().min(1).optional(),
  amount: z.number().min(0).optional(),
});

export const newChargeSchema = z
  .strictObject({
    amount: z.number().min(1).refine(hasAtMostTwoDecimals, TWO_DECIMALS),
    currency: currencySchema,
    customer: customerSchema,
    paymentMethod: paymentMethodSchema,
    items: z.array(itemSchema).min(1),
    postbackUrl: deliveryUrl.optional(),
  })
  .superRefine((charge, ctx) => {
    if (charge.paymentMethod.variant !== 'pix') return;
    for (const issue of pixChargeIssues(charge)) ctx.addIssue({ code: 'custom', ...issue });
  });

export type NewCharge = z.output<typeof newChargeSchema>;
export type ChargeItem = z.output<typeof itemSchema>;

export const hasOnlyValidItemTypes = (items: readonly ChargeItem[]): boolean =>
  items.every((item) => (ITEM_TYPES as readonly unknown[]).includes(item.type));
