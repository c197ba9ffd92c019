import { Hono } from 'hono';
import * as z from 'zod';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { operation } from '../kernel/http/documented';
import { validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { availableMethods } from './rules';
import { paymentMethodListSchema } from './schema';

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
    operation({
      summary: 'List the payment methods available',
      response: paymentMethodListSchema,
    }),
    requireKey(services, 'secret'),
    validate('query', paymentMethodQuery),
    (c) => {
      return c.json(availableMethods(c.get('apiKey').merchantId, c.req.valid('query')));
    },
  );

  return app;
}
