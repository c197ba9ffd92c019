import { Hono, type MiddlewareHandler } from 'hono';
import { type ApiEnv, requireKey, requireToken } from '../accounts/authenticate';
import { ApiError, forbiddenBecause } from '../kernel/http/errors';
import { jsonBody, validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { statusChangeBody, subMerchantListQuery } from './schema';

/** A master's key (after `requireKey`): a sub-merchant's key gets 403 naming why. */
const requireMaster: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const principal = c.get('principal');
  if (principal.role !== 'merchant' || principal.merchant.kind !== 'master') {
    throw new ApiError(
      forbiddenBecause('only a master merchant lists sub-merchants; this key is a sub-merchant’s'),
    );
  }
  await next();
};

/**
 * `GET /v1/submerchants` (a master's secret key; `enable_connect` not required) and the
 * administrator's `POST /sandbox/submerchants/{id}/status` (ours).
 */
export function subMerchantRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const { subMerchants, accounts } = services;

  app.get(
    '/v1/submerchants',
    requireKey(services, 'secret'),
    requireMaster,
    validate('query', subMerchantListQuery),
    async (c) => {
      const principal = c.get('principal');
      if (principal.role !== 'merchant') throw new Error('requireMaster lets merchants only');
      return c.json(await subMerchants.list(principal.merchant.id, c.req.valid('query')));
    },
  );

  app.post(
    '/sandbox/submerchants/:id/status',
    requireToken(services, ['admin']),
    jsonBody(statusChangeBody),
    async (c) => {
      const item = await subMerchants.changeStatus(c.req.param('id'), c.req.valid('json').status);
      // Keys cache their merchant's status (the 3DS endpoints' 422 depends on it).
      accounts.forgetKeys();
      return c.json(item);
    },
  );

  return app;
}
