import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { tenantOf } from '../accounts/tenancy';
import { ALL_KINDS, EVENT_KINDS } from '../kernel/delivery/kinds';
import { operation } from '../kernel/http/documented';
import { jsonBody } from '../kernel/http/validation';
import type { Services } from '../registry';
import {
  deletedEndpointSchema,
  endpointChangeBody,
  endpointListSchema,
  endpointSchema,
  kindListSchema,
  newEndpointBody,
  testSentSchema,
} from './endpoints-schema';

/** The dashboard's endpoints (`/sandbox/webhook-endpoints`, the merchant's secret key). */
export function endpointRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');
  const endpoints = services.webhookEndpoints;
  const base = '/sandbox/webhook-endpoints';

  app.get(
    `${base}/kinds`,
    operation({
      summary: 'Sandbox: the event kinds a dashboard endpoint can take',
      response: kindListSchema,
    }),
    secret,
    (c) => c.json({ kinds: [...EVENT_KINDS, ALL_KINDS] }),
  );

  app.get(
    base,
    operation({
      summary: "Sandbox: the merchant's dashboard webhook endpoints",
      response: endpointListSchema,
    }),
    secret,
    async (c) => c.json({ data: await endpoints.list(tenantOf(c.get('principal'))) }),
  );

  app.post(
    base,
    operation({
      summary: 'Sandbox: add a dashboard webhook endpoint (URL, event kinds or *, enabled)',
      status: 201,
      response: endpointSchema,
      errors: {
        400: 'A field at fault, a URL the sandbox does not deliver to, or too many endpoints',
      },
    }),
    secret,
    jsonBody(newEndpointBody),
    async (c) =>
      c.json(await endpoints.create(tenantOf(c.get('principal')), c.req.valid('json')), 201),
  );

  app.patch(
    `${base}/:id`,
    operation({
      summary: "Sandbox: change an endpoint's URL, kinds or switch",
      response: endpointSchema,
    }),
    secret,
    jsonBody(endpointChangeBody),
    async (c) =>
      c.json(
        await endpoints.change(
          tenantOf(c.get('principal')),
          c.req.param('id'),
          c.req.valid('json'),
        ),
      ),
  );

  app.delete(
    `${base}/:id`,
    operation({
      summary: 'Sandbox: remove an endpoint (its queued deliveries are dropped)',
      response: deletedEndpointSchema,
    }),
    secret,
    async (c) => c.json(await endpoints.remove(tenantOf(c.get('principal')), c.req.param('id'))),
  );

  app.post(
    `${base}/:id/test`,
    operation({
      summary: 'Sandbox: send a webhook.test event to this endpoint alone',
      status: 202,
      response: testSentSchema,
    }),
    secret,
    async (c) =>
      c.json(await endpoints.sendTest(tenantOf(c.get('principal')), c.req.param('id')), 202),
  );

  return app;
}
