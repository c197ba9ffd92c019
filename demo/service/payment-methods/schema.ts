import * as z from 'zod';

/** `GET /v1/payment-methods`: the catalogue entries available to the merchant. */
export const paymentMethodListSchema = z.array(
  z.strictObject({
    id: z.string(),
    name: z.string(),
    countries: z.array(z.string().regex(/^[A-Z]{3}$/)),
    currencies: z.array(z.string().regex(/^[A-Z]{3}$/)),
    description: z.string(),
  }),
);
