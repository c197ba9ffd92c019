import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { requireActive } from '../accounts/require-active';
import { tenantOf } from '../accounts/tenancy';
import { operation } from '../kernel/http/documented';
import { jsonBody, validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { subscriptionWire } from './record';
import {
  newSubscriptionBody,
  subscriptionListQuery,
  subscriptionListSchema,
  subscriptionSchema,
  subscriptionUpdateBody,
  subscriptionUpdatedSchema,
} from './schema';

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

  app.post(
    '/v1/subscriptions',
    operation({
      summary:
        'Subscribe a customer to a plan: the first period is charged now (paid: active; declined: pending_activation)',
      status: 201,
      response: subscriptionSchema,
      errors: {
        400: 'A field at fault, an inactive or ended plan, a plan without credit_card, a saved card of another customer, or a card’s `token` given as `paymentMethod.cardTokenId` (it takes the card’s `id`)',
        404: 'No plan (or customer, or saved card) of this merchant has this id',
        422: 'The key’s sub-merchant is not active, a saved card that is not active, or the charge’s `threeDS` refused',
      },
    }),
    secret,
    requireActive,
    jsonBody(newSubscriptionBody),
    async (c) => {
      const tenant = tenantOf(c.get('principal'));
      return c.json(subscriptionWire(await subscriptions.create(tenant, c.req.valid('json'))), 201);
    },
  );

  app.get(
    '/v1/subscriptions',
    operation({
      summary:
        "List subscriptions: the merchant's own, or (merchantId) a master's sub-merchant's; items are full records",
      response: subscriptionListSchema,
      errors: { 403: 'A merchantId that is neither this merchant nor one of its sub-merchants' },
    }),
    secret,
    validate('query', subscriptionListQuery),
    async (c) => {
      const page = await subscriptions.list(c.get('principal'), c.req.valid('query'));
      return c.json({ ...page, data: page.data.map(subscriptionWire) });
    },
  );

  app.get(
    '/v1/subscriptions/:id',
    operation({
      summary: 'Retrieve a subscription',
      response: subscriptionSchema,
      errors: { 404: 'No subscription of this merchant has this id' },
    }),
    secret,
    async (c) =>
      c.json(
        subscriptionWire(
          await subscriptions.require(tenantOf(c.get('principal')), c.req.param('id')),
        ),
      ),
  );

  app.patch(
    '/v1/subscriptions/:id',
    operation({
      summary:
        'Update an active subscription: billingDay (from the next period on) and metadata (keys merge, null removes one)',
      response: subscriptionUpdatedSchema,
      errors: {
        400: 'A field at fault, any other field, or a subscription that is not active (`only active subscriptions can be updated`)',
        404: 'No subscription of this merchant has this id',
      },
    }),
    secret,
    jsonBody(subscriptionUpdateBody),
    async (c) => {
      const tenant = tenantOf(c.get('principal'));
      return c.json(await subscriptions.update(tenant, c.req.param('id'), c.req.valid('json')));
    },
  );

  const stops = {
    cancel: operation({
      summary: 'Cancel an active, paused or pending subscription (`cancellationType: requested`)',
      response: subscriptionSchema,
      errors: {
        400: 'Its current status (cancelled or expired)',
        404: 'No subscription of this merchant has this id',
      },
    }),
    pause: operation({
      summary: 'Pause an active subscription: nothing is charged while paused',
      response: subscriptionSchema,
      errors: {
        400: 'Its current status (not active)',
        404: 'No subscription of this merchant has this id',
      },
    }),
  };
  for (const action of ['cancel', 'pause'] as const) {
    app.post(`/v1/subscriptions/:id/${action}`, stops[action], secret, async (c) =>
      c.json(
        subscriptionWire(
          await subscriptions.apply(tenantOf(c.get('principal')), c.req.param('id'), action),
        ),
      ),
    );
  }

  app.post(
    '/v1/subscriptions/:id/resume',
    operation({
      summary: 'Resume a paused subscription (`subscription.activated`)',
      response: subscriptionSchema,
      errors: {
        400: 'Its current status (not paused)',
        404: 'No subscription of this merchant has this id',
      },
    }),
    secret,
    requireActive,
    async (c) =>
      c.json(
        subscriptionWire(
          await subscriptions.apply(tenantOf(c.get('principal')), c.req.param('id'), 'resume'),
        ),
      ),
  );

  return app;
}
