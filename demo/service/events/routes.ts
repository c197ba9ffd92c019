import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { merchantOf } from '../accounts/principal';
import { requireActive } from '../accounts/require-active';
import { tenantOf } from '../accounts/tenancy';
import { operation } from '../kernel/http/documented';
import { ApiError, spec } from '../kernel/http/errors';
import { jsonBody, validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { eventDetail, resendEvent } from './detail';
import {
  eventDetailSchema,
  eventListQuery,
  eventListSchema,
  resentSchema,
  triggerBody,
  triggeredSchema,
} from './schema';
import { listEvents } from './store';
import { triggerEvent } from './trigger';

/**
 * The merchant's stored events, every family's (secret key): the list, one event with its
 * deliveries and their attempts, a resend (its deliveries go out once it commits:
 * kernel/delivery/outbox.ts wakes the worker), and an event made on demand (`trigger.ts`).
 */
export function eventRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');
  const { db } = services.database;

  app.get(
    '/sandbox/events',
    operation({
      summary:
        "Sandbox: the merchant's stored events (charges, subscriptions, payouts, accounts), newest first",
      response: eventListSchema,
    }),
    secret,
    validate('query', eventListQuery),
    async (c) => c.json(await listEvents(db, tenantOf(c.get('principal')), c.req.valid('query'))),
  );

  app.post(
    '/sandbox/events/trigger',
    operation({
      summary:
        'Sandbox: make an event of a kind through the operations that make it for real (a charge, a refund, a subscription and its renewal (which moves the merchant’s clock forward), a payout and its review, a sub-merchant’s status), delivered like any other',
      status: 201,
      response: triggeredSchema,
      errors: {
        400: 'An unknown kind (the message lists the kinds)',
        422: 'The kind cannot be made for this merchant: a payout or status event for a merchant without an active sub-merchant, or the key’s sub-merchant is not active',
      },
    }),
    secret,
    requireActive,
    jsonBody(triggerBody),
    async (c) => {
      const caller = merchantOf(c.get('principal'));
      if (caller === undefined) throw new ApiError(spec.forbidden());
      const { event } = c.req.valid('json');
      return c.json(await triggerEvent(services, caller, event), 201);
    },
  );

  app.get(
    '/sandbox/events/:id',
    operation({
      summary: 'Sandbox: one stored event, its envelope, each delivery and each attempt',
      response: eventDetailSchema,
    }),
    secret,
    async (c) => c.json(await eventDetail(db, tenantOf(c.get('principal')), c.req.param('id'))),
  );

  app.post(
    '/sandbox/events/:id/resend',
    operation({
      summary:
        'Sandbox: send a stored event again, same envelope id (enabled endpoints taking its kind, its postback)',
      status: 202,
      response: resentSchema,
      errors: {
        400: 'Nowhere to send it: no enabled endpoint takes its kind and it had no postback',
      },
    }),
    secret,
    async (c) =>
      c.json(await resendEvent(db, tenantOf(c.get('principal')), c.req.param('id')), 202),
  );

  return app;
}
