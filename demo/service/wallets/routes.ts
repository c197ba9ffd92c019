import { Hono } from 'hono';
import { type ApiEnv, requireKey, requireToken } from '../accounts/authenticate';
import { operation } from '../kernel/http/documented';
import { jsonBody, validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import {
  advancedClockSchema,
  advanceSchema,
  clockSchema,
  walletListSchema,
  walletQuery,
} from './schema';

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
    operation({
      summary: "A merchant's wallets, one per currency, with balances in USD",
      response: walletListSchema,
      errors: {
        400: 'A malformed merchantId or currency, or the administrator named no merchantId',
        403: 'merchantId is neither the token’s merchant nor, for a master, one of its sub-merchants',
        404: 'No merchant has this merchantId (body: message Unauthorized, error merchant not found)',
      },
    }),
    requireToken(services, ['admin', 'merchant']),
    validate('query', walletQuery),
    async (c) => {
      return c.json(await wallets.list(c.get('principal'), c.req.valid('query')));
    },
  );

  app.get(
    '/sandbox/clock',
    operation({
      summary: "Sandbox: the time on the merchant's clock",
      response: clockSchema,
    }),
    secret,
    async (c) => {
      return c.json(await wallets.clock(c.get('apiKey').merchantId));
    },
  );

  app.post(
    '/sandbox/clock/advance',
    operation({
      summary:
        "Sandbox: move the merchant's clock forward (balances settle, subscriptions renew, fail or expire, pix charges expire)",
      response: advancedClockSchema,
    }),
    secret,
    jsonBody(advanceSchema),
    async (c) => {
      const { days } = c.req.valid('json');
      return c.json(await wallets.advance(c.get('apiKey').merchantId, days));
    },
  );

  return app;
}
