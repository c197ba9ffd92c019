import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { requireActive } from '../accounts/require-active';
import { tenantOf } from '../accounts/tenancy';
import { jsonBody, validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { newSubscriptionBody, subscriptionListQuery, subscriptionUpdateBody } from './schema';

/**
 * The service's subscription operations (secret key): create (ours), list, retrieve, update;
 * cancel, pause and resume (ours). Creating and resuming start billing, so a sub-merchant that is
 * not active is refused them (`requireActive`); cancel and pause only stop it, and the update
 * moves a billing day without charging anything.
 */
export function subscriptionRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');
  const { subscriptions } = services;

  app.post('/v1/subscriptions', secret, requireActive, jsonBody(newSubscriptionBody), async (c) => {
    const tenant = tenantOf(c.get('principal'));
    return c.json(await subscriptions.create(tenant, c.req.valid('json')), 201);
  });

  app.get('/v1/subscriptions', secret, validate('query', subscriptionListQuery), async (c) =>
    c.json(await subscriptions.list(c.get('principal'), c.req.valid('query'))),
  );

  app.get('/v1/subscriptions/:id', secret, async (c) =>
    c.json(await subscriptions.require(tenantOf(c.get('principal')), c.req.param('id'))),
  );

  app.patch('/v1/subscriptions/:id', secret, jsonBody(subscriptionUpdateBody), async (c) => {
    const tenant = tenantOf(c.get('principal'));
    return c.json(await subscriptions.update(tenant, c.req.param('id'), c.req.valid('json')));
  });

  for (const action of ['cancel', 'pause'] as const) {
    app.post(`/v1/subscriptions/:id/${action}`, secret, async (c) =>
      c.json(await subscriptions.apply(tenantOf(c.get('principal')), c.req.param('id'), action)),
    );
  }

  app.post('/v1/subscriptions/:id/resume', secret, requireActive, async (c) =>
    c.json(await subscriptions.apply(tenantOf(c.get('principal')), c.req.param('id'), 'resume')),
  );

  return app;
}
