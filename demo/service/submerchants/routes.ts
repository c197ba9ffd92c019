import { Hono, type MiddlewareHandler } from 'hono';
import { type ApiEnv, requireKey, requireToken } from '../accounts/authenticate';
import { operation } from '../kernel/http/documented';
import { jsonBody, validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { mustBeMaster } from './rules';
import {
  statusChangeBody,
  subMerchantJson,
  subMerchantListQuery,
  subMerchantListSchema,
  subMerchantSchema,
} from './schema';

/** A master's key (after `requireKey`): `mustBeMaster` in `rules.ts`. */
const requireMaster: MiddlewareHandler<ApiEnv> = async (c, next) => {
  mustBeMaster(c.get('principal'));
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
    operation({
      summary: "List the master merchant's sub-merchants",
      response: subMerchantListSchema,
      errors: { 403: 'A publishable key, or a sub-merchant’s key (only a master lists them)' },
    }),
    requireKey(services, 'secret'),
    requireMaster,
    validate('query', subMerchantListQuery),
    async (c) => {
      const principal = c.get('principal');
      if (principal.role !== 'merchant') throw new Error('requireMaster lets merchants only');
      const page = await subMerchants.list(principal.merchant.id, c.req.valid('query'));
      return c.json({ ...page, data: page.data.map(subMerchantJson) });
    },
  );

  app.post(
    '/sandbox/submerchants/:id/status',
    operation({
      summary: "Sandbox: the administrator changes a sub-merchant's status (account events)",
      response: subMerchantSchema,
      errors: {
        400: 'Not one of the five statuses, or the status it already has',
        403: 'A merchant token (administrator only)',
        404: 'No sub-merchant has this id (a master’s id included)',
      },
    }),
    requireToken(services, ['admin']),
    jsonBody(statusChangeBody),
    async (c) => {
      const item = await subMerchants.changeStatus(c.req.param('id'), c.req.valid('json').status);
      // Keys cache their merchant's status (the 3DS endpoints' 422 depends on it).
      accounts.forgetKeys();
      return c.json(subMerchantJson(item));
    },
  );

  return app;
}
