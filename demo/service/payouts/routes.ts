import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { type ApiEnv, requireToken } from '../accounts/authenticate';
import { requireActive } from '../accounts/require-active';
import { toCents } from '../kernel/db/money';
import { documented } from '../kernel/http/documented';
import { ApiError, badRequest, forbiddenBecause, spec } from '../kernel/http/errors';
import { jsonBody, parseInput, validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { approveBody, newPayoutBody, payoutListQuery, rejectBody } from './schema';

/** Bearer, administrator only; a merchant's token gets the spec's 403 saying why. */
const adminOnly = (anyToken: MiddlewareHandler<ApiEnv>, why: string): MiddlewareHandler<ApiEnv> =>
  documented<MiddlewareHandler<ApiEnv>>(
    (c, next) =>
      anyToken(c, async () => {
        if (c.get('principal').role !== 'admin') throw new ApiError(forbiddenBecause(why));
        await next();
      }),
    { kind: 'token', roles: ['admin'] },
  );

/**
 * Only the sub-merchant itself requests its payouts: the administrator, another merchant and a
 * master (even at its own id) get 403, before the body is read.
 */
const onlyTheSubMerchant = (anyToken: MiddlewareHandler<ApiEnv>): MiddlewareHandler<ApiEnv> =>
  documented<MiddlewareHandler<ApiEnv>>(
    (c, next) =>
      anyToken(c, async () => {
        const principal = c.get('principal');
        if (principal.role !== 'merchant') {
          throw new ApiError(
            forbiddenBecause('the administrator does not request payouts; the sub-merchant does'),
          );
        }
        if (principal.merchant.id !== c.req.param('merchantId')) {
          throw new ApiError(forbiddenBecause('only the sub-merchant itself requests its payouts'));
        }
        if (principal.merchant.kind !== 'sub') {
          throw new ApiError(forbiddenBecause('payouts are for sub-merchants, not for a master'));
        }
        await next();
      }),
    { kind: 'token', roles: ['merchant'] },
  );

/**
 * Approve takes no input: no body, an empty one (whatever its Content-Type) or `{}`; anything
 * else is a 400.
 */
const noInput: MiddlewareHandler<ApiEnv> = documented<MiddlewareHandler<ApiEnv>>(
  async (c, next) => {
    const text = await c.req.text();
    if (text.trim() !== '') {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new ApiError(badRequest('Malformed JSON in request body'));
      }
      const parsed = parseInput(approveBody, value);
      if (!parsed.success) throw new ApiError(badRequest(parsed.message));
    }
    await next();
  },
  { kind: 'input', target: 'json', schema: approveBody },
);

const subMerchantOf = (c: Context<ApiEnv>) => {
  const principal = c.get('principal');
  if (principal.role !== 'merchant') throw new ApiError(spec.forbidden());
  return principal.merchant;
};

/**
 * The spec's payout requests (17–19, Bearer) and the administrator's review (ours):
 * `POST …/approve` and `POST …/reject { reason }`.
 */
export function payoutRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const { payouts } = services;
  const anyToken = requireToken(services, ['admin', 'merchant']);
  const reviewer = adminOnly(anyToken, 'only the administrator reviews payout requests');

  app.post(
    '/v1/submerchants/:merchantId/payout-requests',
    onlyTheSubMerchant(anyToken),
    requireActive,
    jsonBody(newPayoutBody),
    async (c) => {
      const sub = subMerchantOf(c);
      const { amount } = c.req.valid('json');
      return c.json(await payouts.create(sub, toCents(amount)), 201);
    },
  );

  app.get('/v1/payout-requests', anyToken, validate('query', payoutListQuery), async (c) => {
    const query = c.req.valid('query');
    const scope = await payouts.scopeOf(c.get('principal'), query.merchantId);
    return c.json(await payouts.list(scope, query));
  });

  app.get(
    '/v1/payout-requests/:id',
    adminOnly(anyToken, 'payout request detail is for the administrator; merchants use the list'),
    async (c) => c.json(await payouts.require(c.req.param('id'))),
  );

  app.post('/v1/payout-requests/:id/approve', reviewer, noInput, async (c) =>
    c.json(await payouts.review(c.req.param('id'), { decision: 'approve' })),
  );

  app.post('/v1/payout-requests/:id/reject', reviewer, jsonBody(rejectBody), async (c) => {
    const { reason } = c.req.valid('json');
    return c.json(await payouts.review(c.req.param('id'), { decision: 'reject', reason }));
  });

  return app;
}
