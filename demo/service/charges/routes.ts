import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { requireActive } from '../accounts/require-active';
import { tenantOf } from '../accounts/tenancy';
import { jsonBody } from '../kernel/http/validation';
import type { Services } from '../registry';
import { newChargeSchema } from './schema';

/**
 * POST /v1/charges, POST /v1/charges/{id}/resume-3ds, POST /v1/charges/{id}/refund,
 * GET /v1/charges/{id} (secret key; a charge is found only by its own merchant). The three
 * POSTs move money: a sub-merchant that is not active is refused them (`requireActive`).
 */
export function chargeRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');
  const { charges } = services;

  app.post('/v1/charges', secret, requireActive, jsonBody(newChargeSchema), async (c) => {
    const input = c.req.valid('json');
    return c.json(await charges.create(tenantOf(c.get('principal')), input), 201);
  });

  app.post('/v1/charges/:id/resume-3ds', secret, requireActive, async (c) =>
    c.json(await charges.resume(tenantOf(c.get('principal')), c.req.param('id'))),
  );

  app.post('/v1/charges/:id/refund', secret, requireActive, async (c) =>
    c.json(await charges.refund(tenantOf(c.get('principal')), c.req.param('id'))),
  );

  app.get('/v1/charges/:id', secret, async (c) =>
    c.json(await charges.require(tenantOf(c.get('principal')), c.req.param('id'))),
  );

  return app;
}
