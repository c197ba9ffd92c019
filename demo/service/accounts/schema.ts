import * as z from 'zod';

export const loginSchema = z.strictObject({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
});

/** `POST /v1/auth/login`: a Bearer token; `merchantId` for a merchant's login only. */
export const loginResponseSchema = z.strictObject({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.int().min(1).describe('Seconds'),
  role: z.enum(['admin', 'merchant']),
  merchantId: z.string().optional(),
});

export const resetResponseSchema = z.strictObject({
  reset: z.literal(true),
  message: z.string(),
});
