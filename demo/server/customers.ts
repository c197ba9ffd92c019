import { Hono } from 'hono';
import * as z from 'zod';
import { type ApiEnv, requireKey } from './auth';
import { customerRoutes as customerFamilyRoutes } from './customers/routes';
import type { CustomerStore } from './customers/store';
import { validate } from './validation';

/**
 * The customers family lives in `customers/` (schema, store in the database, routes); this
 * module keeps the names the rest of the sandbox imports, and the payment-method catalogue.
 */
export type { Customer, CustomerInput } from './customers/schema';
export { CustomerStore } from './customers/store';

/** The catalogue of `GET /v1/payment-methods`. */
export const PAYMENT_METHODS = [
  {
    id: 'pm_credit_card',
    name: 'credit_card',
    countries: ['BRA', 'MEX', 'COL', 'CHL', 'PER', 'USA'],
    currencies: ['BRL', 'MXN', 'COP', 'CLP', 'PEN', 'USD'],
    description: 'Credit card',
  },
  {
    id: 'pm_apple_pay',
    name: 'apple_pay',
    countries: ['BRA', 'MEX', 'USA'],
    currencies: ['BRL', 'MXN', 'USD'],
    description: 'Apple Pay',
  },
  {
    id: 'pm_pix',
    name: 'pix',
    countries: ['BRA'],
    currencies: ['BRL'],
    description: 'Pix',
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

/**
 * GET /v1/customers, GET /v1/customers/{id} (the store comes from the request's platform, the
 * same instance as `_customers`), GET /v1/payment-methods; secret key.
 */
export function customerRoutes(_customers?: CustomerStore): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.route('/', customerFamilyRoutes());

  app.get(
    '/v1/payment-methods',
    requireKey('secret'),
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
