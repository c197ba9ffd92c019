import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { requireActive } from '../accounts/require-active';
import { tenantOf } from '../accounts/tenancy';
import { chargeSchema } from '../charges/response-schema';
import { chargeWire } from '../charges/wire';
import { operation } from '../kernel/http/documented';
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

  app.post(
    '/sandbox/charges/:id/pix/pay',
    operation({
      summary: "Sandbox: pay a pending pix charge, as the shopper's bank would (charge.paid)",
      response: chargeSchema,
      errors: {
        400: 'Not a pix charge, or not pending: already paid, refunded, or expired (its code’s time ran out on the merchant’s clock)',
        404: 'No charge of this merchant has this id',
      },
    }),
    secret,
    requireActive,
    async (c) =>
      c.json(chargeWire(await charges.payPix(tenantOf(c.get('principal')), c.req.param('id')))),
  );

  app.post(
    '/sandbox/charges/:id/pix/expire',
    operation({
      summary:
        'Sandbox: end a pending pix charge’s code now, to see the expired path without waiting (charge.updated)',
      response: chargeSchema,
      errors: {
        400: 'Not a pix charge, or not pending: already paid, refunded, or expired',
        404: 'No charge of this merchant has this id',
      },
    }),
    secret,
    async (c) =>
      c.json(chargeWire(await charges.expirePix(tenantOf(c.get('principal')), c.req.param('id')))),
  );

  return app;
}
