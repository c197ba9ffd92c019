import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { merchantOf } from '../accounts/principal';
import type { Services } from '../registry';

/** `GET /v1/connect/sub-accounts/{id}/fees-info` (secret key; master or sub-account). */
export function feeRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const { fees } = services;

  app.get('/v1/connect/sub-accounts/:id/fees-info', requireKey(services, 'secret'), async (c) => {
    const caller = merchantOf(c.get('principal'));
    if (caller === undefined) throw new Error('requireKey lets merchants only');
    return c.json(await fees.feesInfo(caller, c.req.param('id')));
  });

  return app;
}
