import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { tenantOf } from '../accounts/tenancy';
import type { DeliveryQueue } from '../kernel/delivery/outbox';
import { validate } from '../kernel/http/validation';
import { eventDetail, resendEvent } from './detail';
import { eventListQuery } from './schema';
import { listEvents } from './store';

/**
 * The merchant's stored events, every family's (secret key): the list, one event with its
 * deliveries and their attempts, and a resend.
 */
export function eventRoutes(deliveries: DeliveryQueue): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey('secret');

  app.get('/sandbox/events', secret, validate('query', eventListQuery), async (c) => {
    const { database } = c.get('platform');
    return c.json(
      await listEvents(database.db, tenantOf(c.get('principal')), c.req.valid('query')),
    );
  });

  app.get('/sandbox/events/:id', secret, async (c) => {
    const { database } = c.get('platform');
    return c.json(await eventDetail(database.db, tenantOf(c.get('principal')), c.req.param('id')));
  });

  app.post('/sandbox/events/:id/resend', secret, async (c) => {
    const { database } = c.get('platform');
    const sent = await resendEvent(database.db, tenantOf(c.get('principal')), c.req.param('id'));
    deliveries.wake();
    return c.json(sent, 202);
  });

  return app;
}
