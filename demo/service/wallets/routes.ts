import { Hono } from 'hono';
import { type ApiEnv, requireKey, requireToken } from '../accounts/authenticate';
import { jsonBody, validate } from '../kernel/http/validation';
import { advanceSchema, walletQuery } from './schema';

/**
 * `GET /v1/wallets` (Bearer: a merchant or the administrator); the merchant's clock, with its
 * secret key: `GET /sandbox/clock`, `POST /sandbox/clock/advance { days }`.
 */
export function walletRoutes(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey('secret');

  app.get(
    '/v1/wallets',
    requireToken(['admin', 'merchant']),
    validate('query', walletQuery),
    async (c) => {
      const { wallets } = c.get('platform');
      return c.json(await wallets.list(c.get('principal'), c.req.valid('query')));
    },
  );

  app.get('/sandbox/clock', secret, async (c) => {
    const { wallets } = c.get('platform');
    return c.json(await wallets.clock(c.get('apiKey').merchantId));
  });

  app.post('/sandbox/clock/advance', secret, jsonBody(advanceSchema), async (c) => {
    const { wallets } = c.get('platform');
    const { days } = c.req.valid('json');
    return c.json(await wallets.advance(c.get('apiKey').merchantId, days));
  });

  return app;
}
