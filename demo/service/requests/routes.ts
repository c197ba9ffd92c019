import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { tenantOf } from '../accounts/tenancy';
import { operation } from '../kernel/http/documented';
import { validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { REQUESTS_PATH } from './rules';
import { requestListQuery, requestListSchema } from './schema';

/**
 * The merchant's request log (secret key): its last requests to `/v1` and `/sandbox` with any of
 * its credentials, written by `recorder.ts` around every route.
 */
export function requestRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');

  app.get(
    REQUESTS_PATH,
    operation({
      summary:
        "Sandbox: the merchant's last 1,000 requests, newest first (card numbers cut to the last 4, secrets masked)",
      response: requestListSchema,
    }),
    secret,
    validate('query', requestListQuery),
    async (c) =>
      c.json(await services.requestLog.list(tenantOf(c.get('principal')), c.req.valid('query'))),
  );

  return app;
}
