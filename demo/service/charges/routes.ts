import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { requireActive } from '../accounts/require-active';
import { tenantOf } from '../accounts/tenancy';
import { operation } from '../kernel/http/documented';
import { jsonBody } from '../kernel/http/validation';
import type { Services } from '../registry';
import { chargeSchema } from './response-schema';
import { newChargeSchema } from './schema';
import { chargeWire } from './wire';

/**
 * POST /v1/charges, POST /v1/charges/{id}/resume-3ds, POST /v1/charges/{id}/refund,
 * GET /v1/charges/{id} (secret key; a charge is found only by its own merchant). The three
 * POSTs move money: a sub-merchant that is not active is refused them (`requireActive`).
 */
export function chargeRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');
  const { charges } = services;

  app.post(
    '/v1/charges',
    operation({
      summary:
        'Create a charge: by card (paid, failed, or awaiting managed 3DS), or by PIX (pending, with its BR Code)',
      status: 201,
      response: chargeSchema,
      errors: {
        400: 'A field at fault, or a card’s `token` given as `paymentMethod.cardTokenId` (it takes the card’s `id`)',
        404: 'The customer id or saved card id is not this merchant’s',
        422: 'The key’s sub-merchant is not active, an item of an invalid type, or a `threeDS` that does not match its authentication',
      },
    }),
    secret,
    requireActive,
    jsonBody(newChargeSchema),
    async (c) => {
      const input = c.req.valid('json');
      return c.json(chargeWire(await charges.create(tenantOf(c.get('principal')), input)), 201);
    },
  );

  app.post(
    '/v1/charges/:id/resume-3ds',
    operation({
      summary: 'Resume a charge after managed 3-D Secure',
      response: chargeSchema,
    }),
    secret,
    requireActive,
    async (c) =>
      c.json(chargeWire(await charges.resume(tenantOf(c.get('principal')), c.req.param('id')))),
  );

  app.post(
    '/v1/charges/:id/refund',
    operation({
      summary: 'Refund a paid charge',
      response: chargeSchema,
    }),
    secret,
    requireActive,
    async (c) =>
      c.json(chargeWire(await charges.refund(tenantOf(c.get('principal')), c.req.param('id')))),
  );

  app.get(
    '/v1/charges/:id',
    operation({
      summary: 'Retrieve a charge (a pix charge past its expiresAt reads expired)',
      response: chargeSchema,
    }),
    secret,
    async (c) =>
      c.json(chargeWire(await charges.require(tenantOf(c.get('principal')), c.req.param('id')))),
  );

  return app;
}
