import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { tenantOf } from '../accounts/tenancy';
import { ALL_KINDS, EVENT_KINDS } from '../kernel/delivery/kinds';
import { jsonBody } from '../kernel/http/validation';
import type { Services } from '../registry';
import { endpointChangeBody, newEndpointBody } from './endpoints-schema';

/** The dashboard's endpoints (`/sandbox/webhook-endpoints`, the merchant's secret key). */
export function endpointRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');
  const endpoints = services.webhookEndpoints;
  const base = '/sandbox/webhook-endpoints';

  app.get(`${base}/kinds`, secret, (c) => c.json({ kinds: [...EVENT_KINDS, ALL_KINDS] }));

  app.get(base, secret, async (c) =>
    c.json({ data: await endpoints.list(tenantOf(c.get('principal'))) }),
  );

  app.post(base, secret, jsonBody(newEndpointBody), async (c) =>
    c.json(await endpoints.create(tenantOf(c.get('principal')), c.req.valid('json')), 201),
  );

  app.patch(`${base}/:id`, secret, jsonBody(endpointChangeBody), async (c) =>
    c.json(
      await endpoints.change(tenantOf(c.get('principal')), c.req.param('id'), c.req.valid('json')),
    ),
  );

  app.delete(`${base}/:id`, secret, async (c) =>
    c.json(await endpoints.remove(tenantOf(c.get('principal')), c.req.param('id'))),
  );

  app.post(`${base}/:id/test`, secret, async (c) =>
    c.json(await endpoints.sendTest(tenantOf(c.get('principal')), c.req.param('id')), 202),
  );

  return app;
}
