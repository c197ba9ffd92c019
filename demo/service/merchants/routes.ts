import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { tenantOf } from '../accounts/tenancy';
import { operation } from '../kernel/http/documented';
import { jsonBody } from '../kernel/http/validation';
import type { Services } from '../registry';
import { createMerchantSchema, deletedMerchantSchema, throwawayMerchantSchema } from './schema';

/**
 * Throwaway merchants (ours): `POST /sandbox/merchants` (no key: anyone may make one, as anyone
 * may sign up for a test account) and `DELETE /sandbox/merchants/{id}` (its own secret key).
 */
export function merchantRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const { merchants } = services;

  app.post(
    '/sandbox/merchants',
    operation({
      summary:
        'Sandbox: a throwaway master merchant with its own keys, login, clock and the seed’s starter data (customers, saved cards, plans; a sub-merchant when enableConnect), for 24 hours',
      status: 201,
      response: throwawayMerchantSchema,
      errors: {
        429: 'As many throwaway merchants as the cap (1,000) are live: the message names it',
      },
    }),
    jsonBody(createMerchantSchema),
    async (c) => c.json(await merchants.create(c.req.valid('json')), 201),
  );

  app.delete(
    '/sandbox/merchants/:id',
    operation({
      summary:
        'Sandbox: delete a throwaway merchant, its sub-merchants and every row they own; their keys answer 401 at once',
      response: deletedMerchantSchema,
      errors: {
        400: 'A seeded account (never deleted), or a throwaway merchant’s sub-merchant (deleted with its master)',
        404: 'Another merchant’s id, or none: only a merchant’s own key deletes it',
      },
    }),
    requireKey(services, 'secret'),
    async (c) => {
      const { merchantId } = tenantOf(c.get('principal'));
      const answer = await merchants.remove(merchantId, c.req.param('id'));
      // The merchant is gone: nothing after this operation (the request log) may write in its
      // name, or a row of it would outlive it.
      c.set('principal', undefined as never);
      return c.json(answer);
    },
  );

  return app;
}
