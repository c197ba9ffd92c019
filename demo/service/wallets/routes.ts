import { Hono } from 'hono';
import { type ApiEnv, requireKey, requireToken } from '../accounts/authenticate';
import { jsonBody, validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { advanceSchema, walletQuery } from './schema';

/**
 * `GET /v1/wallets` (Bearer: a merchant or the administrator); the merchant's clock, with its
 * secret key: `GET /sandbox/clock`, `POST /sandbox/clock/advance { days }`.
 */
export function walletRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');
  const { wallets } = services;

  app.get(
    '/v1/wallets',
    requireToken(services, ['admin', 'merchant']),
    validate('query', walletQuery),
    async (c) => {
      return c.json(await wallets.list(c.get('principal'), c.req.valid('query')));
    },
  );

  app.get('/sandbox/clock', secret, async (c) => {
    return c.json(await wallets.clock(c.get('apiKey').merchantId));
  });

  app.post('/sandbox/clock/advance', secret, jsonBody(advanceSchema), async (c) => {
    const { days } = c.req.valid('json');
    return c.json(await wallets.advance(c.get('apiKey').merchantId, days));
  });

  return app;
}
