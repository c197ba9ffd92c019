import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { tenantOf } from '../accounts/tenancy';
import { validate } from '../http/validation';
import { eventListQuery } from './schema';
import { listEvents } from './store';

/** `GET /sandbox/events` (secret key): the merchant's stored events, every family's. */
export function eventRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.get('/sandbox/events', requireKey('secret'), validate('query', eventListQuery), async (c) => {
    const { database } = c.get('platform');
    return c.json(
      await listEvents(database.db, tenantOf(c.get('principal')), c.req.valid('query')),
    );
  });
  return app;
}
