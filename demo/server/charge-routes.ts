import { Hono } from 'hono';
import { type ApiEnv, requireKey } from './auth';
import { newChargeSchema } from './charge-schemas';
import type { ChargeStore } from './charges';
import { jsonBody } from './validation';

/** POST /v1/charges, POST /v1/charges/{id}/resume-3ds, GET /v1/charges/{id} (secret key). */
export function chargeRoutes(charges: ChargeStore): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey('secret');

  app.post('/v1/charges', secret, jsonBody(newChargeSchema), (c) =>
    c.json(charges.create(c.req.valid('json')), 201),
  );

  app.post('/v1/charges/:id/resume-3ds', secret, (c) => c.json(charges.resume(c.req.param('id'))));

  app.get('/v1/charges/:id', secret, (c) => c.json(charges.require(c.req.param('id'))));

  return app;
}
