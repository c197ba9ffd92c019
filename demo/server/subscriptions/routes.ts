import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { tenantOf } from '../accounts/tenancy';
import { jsonBody, validate } from '../http/validation';
import { newSubscriptionBody, subscriptionListQuery } from './schema';
import type { SubscriptionStore } from './store';

/** The service's subscription operations (secret key): create (ours), list, retrieve. */
export function subscriptionRoutes(subscriptions: SubscriptionStore): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey('secret');

  app.post('/v1/subscriptions', secret, jsonBody(newSubscriptionBody), async (c) => {
    const tenant = tenantOf(c.get('principal'));
    return c.json(await subscriptions.create(tenant, c.req.valid('json')), 201);
  });

  app.get('/v1/subscriptions', secret, validate('query', subscriptionListQuery), async (c) =>
    c.json(await subscriptions.list(c.get('principal'), c.req.valid('query'))),
  );

  app.get('/v1/subscriptions/:id', secret, async (c) =>
    c.json(await subscriptions.require(tenantOf(c.get('principal')), c.req.param('id'))),
  );

  return app;
}
