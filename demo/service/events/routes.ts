import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { tenantOf } from '../accounts/tenancy';
import { operation } from '../kernel/http/documented';
import { validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { eventDetail, resendEvent } from './detail';
import { eventDetailSchema, eventListQuery, eventListSchema, resentSchema } from './schema';
import { listEvents } from './store';

/**
 * The merchant's stored events, every family's (secret key): the list, one event with its
 * deliveries and their attempts, and a resend (its deliveries go out once it commits:
 * kernel/delivery/outbox.ts wakes the worker).
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
