import { Hono } from 'hono';
import * as z from 'zod';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { validate } from '../kernel/http/validation';
import type { Services } from '../registry';

/**
 * The catalogue of `GET /v1/payment-methods`. `POST /v1/charges` takes `credit_card` (raw, saved,
 * or through Apple Pay) and `pix`; the others are listed as the service lists them.
 */
export const PAYMENT_METHODS = [
  {
    id: 'pm_credit_card',
    name: 'credit_card',
    countries: ['BRA', 'MEX', 'COL', 'CHL', 'PER', 'USA'],
    currencies: ['BRL', 'MXN', 'COP', 'CLP', 'PEN', 'USD'],
    description: 'Credit card',
  },
  {
    id: 'pm_pix',
    name: 'pix',
    countries: ['BRA'],
    currencies: ['BRL'],
    description: 'Pix',
  },
  {
    id: 'pm_apple_pay',
    name: 'apple_pay',
    countries: ['BRA', 'MEX', 'USA'],
    currencies: ['BRL', 'MXN', 'USD'],
    description: 'Apple Pay',
  },
  {
    id: 'pm_boleto',
    name: 'boleto',
    countries: ['BRA'],
    currencies: ['BRL'],
    description: 'Boleto bancário',
  },
  {
    id: 'pm_oxxo',
    name: 'oxxo',
    countries: ['MEX'],
    currencies: ['MXN'],
    description: 'OXXO',
  },
] as const;

const paymentMethodQuery = z.object({
  merchantId: z.string().min(1).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 currency code in capitals')
    .optional(),
});

/** GET /v1/payment-methods (secret key): the catalogue, filtered by currency. */
export function paymentMethodRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();

  app.get(
    '/v1/payment-methods',
    requireKey(services, 'secret'),
    validate('query', paymentMethodQuery),
    (c) => {
      const { merchantId, currency } = c.req.valid('query');
      const apiKey = c.get('apiKey');
      const list =
        merchantId !== undefined && merchantId !== apiKey.merchantId
          ? []
          : PAYMENT_METHODS.filter(
              (method) =>
                currency === undefined ||
                (method.currencies as readonly string[]).includes(currency),
            );
      return c.json(list);
    },
  );

  return app;
}
