import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { merchantOf } from '../accounts/principal';
import { operation } from '../kernel/http/documented';
import type { Services } from '../registry';
import { feesInfoSchema } from './schema';

/** `GET /v1/connect/sub-accounts/{id}/fees-info` (secret key; master or sub-account). */
export function feeRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const { fees } = services;

  app.get(
    '/v1/connect/sub-accounts/:id/fees-info',
    operation({
      summary: "Read a sub-account's fees (a sub-account: always its own)",
      response: feesInfoSchema,
      errors: {
        403: 'A publishable key, or a master without the `enable_connect` capability',
        404: 'Not one of the master’s sub-merchants (its own id, another master’s, unknown)',
      },
    }),
    requireKey(services, 'secret'),
    async (c) => {
      const caller = merchantOf(c.get('principal'));
      if (caller === undefined) throw new Error('requireKey lets merchants only');
      return c.json(await fees.feesInfo(caller, c.req.param('id')));
    },
  );

  return app;
}
