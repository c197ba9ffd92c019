import * as z from 'zod';

/** `POST /sandbox/merchants`: both fields optional; no body at all is `{}`. */
export const createMerchantSchema = z.strictObject({
  name: z.string().trim().min(1, 'must not be empty').max(100).optional(),
  enableConnect: z
    .boolean()
    .optional()
    .describe('Give it the enable_connect capability and one active sub-merchant (default true)'),
});
export type CreateMerchantInput = z.output<typeof createMerchantSchema>;

/** Fresh schemas each time: one schema used twice would become a `$defs` entry in /openapi.json. */
const credentials = () => ({
  id: z.string().describe('The merchant id (KSUID)'),
  secretKey: z.string().describe('sk_test_…: Basic, for everything its server calls'),
  publishableKey: z.string().describe('pk_test_…: the 3DS endpoints, from the browser'),
  email: z.string().describe('Its login (POST /v1/auth/login), with `password`'),
});

export const throwawaySubMerchantSchema = z.strictObject(credentials());

/** The new merchant, its credentials shown once (only their hashes are kept). */
export const throwawayMerchantSchema = z.strictObject({
  ...credentials(),
  name: z.string(),
  password: z.string().describe('The password of `email` and of its sub-merchant’s login'),
  expiresAt: z.iso.datetime().describe('24 hours after creation (real time)'),
  subMerchants: z
    .array(throwawaySubMerchantSchema)
    .describe('One active sub-merchant when `enableConnect`, else none'),
});
export type ThrowawayMerchant = z.output<typeof throwawayMerchantSchema>;

export const deletedMerchantSchema = z.strictObject({
  id: z.string(),
  deleted: z.literal(true),
});
