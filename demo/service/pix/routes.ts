import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { requireActive } from '../accounts/require-active';
import { tenantOf } from '../accounts/tenancy';
import type { Services } from '../registry';

/**
 * `POST /sandbox/charges/{id}/pix/pay` (the merchant's secret key, no body): QA stands in for the
 * shopper's bank and pays a pending PIX charge. `…/pix/expire`: QA ends its code now, to see the
 * expired path without waiting. Another merchant's charge is 404, as an unknown id. Paying moves
 * money, so a sub-merchant that is not active is refused it; expiring only stops the charge.
 */
export function pixRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');
  const { charges } = services;

  app.post('/sandbox/charges/:id/pix/pay', secret, requireActive, async (c) =>
    c.json(await charges.payPix(tenantOf(c.get('principal')), c.req.param('id'))),
  );

  app.post('/sandbox/charges/:id/pix/expire', secret, async (c) =>
    c.json(await charges.expirePix(tenantOf(c.get('principal')), c.req.param('id'))),
  );

  return app;
}
