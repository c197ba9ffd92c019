import { Hono, type MiddlewareHandler } from 'hono';
import { type ApiEnv, requireToken } from '../accounts/authenticate';
import { requireActive } from '../accounts/require-active';
import { toCents } from '../kernel/db/money';
import { documented, operation } from '../kernel/http/documented';
import { ApiError, badRequest, forbiddenBecause } from '../kernel/http/errors';
import { jsonBody, parseInput, validate } from '../kernel/http/validation';
import type { Services } from '../registry';
import { mustBeTheSubMerchant } from './rules';
import {
  approveBody,
  createdPayoutSchema,
  newPayoutBody,
  payoutJson,
  payoutListQuery,
  payoutPageSchema,
  payoutRequestSchema,
  rejectBody,
} from './schema';

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
 * Only the sub-merchant itself requests its payouts (`mustBeTheSubMerchant` in `rules.ts`),
 * checked before the body is read.
 */
const onlyTheSubMerchant = (anyToken: MiddlewareHandler<ApiEnv>): MiddlewareHandler<ApiEnv> =>
  documented<MiddlewareHandler<ApiEnv>>(
    (c, next) =>
      anyToken(c, async () => {
        mustBeTheSubMerchant(c.get('principal'), c.req.param('merchantId') ?? '');
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
    operation({
      summary: 'Request a payout of the BRL wallet to the PIX key (the sub-merchant itself)',
      status: 201,
      response: createdPayoutSchema,
      errors: {
        403: 'Not the sub-merchant itself (the administrator, another merchant, a master)',
        422: 'The sub-merchant is not active, or the amount is above its available balance',
      },
    }),
    onlyTheSubMerchant(anyToken),
    requireActive,
    jsonBody(newPayoutBody),
    async (c) => {
      const sub = mustBeTheSubMerchant(c.get('principal'), c.req.param('merchantId'));
      const { amount } = c.req.valid('json');
      return c.json(await payouts.create(sub, toCents(amount)), 201);
    },
  );

  app.get(
    '/v1/payout-requests',
    operation({
      summary: 'List payout requests (a sub-merchant its own, a master its sub-merchants’)',
      response: payoutPageSchema,
      errors: { 403: '`merchantId` is outside the caller’s payout requests' },
    }),
    anyToken,
    validate('query', payoutListQuery),
    async (c) => {
      const query = c.req.valid('query');
      const scope = await payouts.scopeOf(c.get('principal'), query.merchantId);
      const page = await payouts.list(scope, query);
      return c.json({ ...page, data: page.data.map(payoutJson) });
    },
  );

  app.get(
    '/v1/payout-requests/:id',
    operation({
      summary: 'Retrieve a payout request (administrator only)',
      response: payoutRequestSchema,
      errors: { 403: 'A merchant’s token (merchants use the list)', 404: 'No such payout request' },
    }),
    adminOnly(anyToken, 'payout request detail is for the administrator; merchants use the list'),
    async (c) => c.json(payoutJson(await payouts.require(c.req.param('id')))),
  );

  app.post(
    '/v1/payout-requests/:id/approve',
    operation({
      summary: 'Sandbox review: approve a pending payout request (administrator only)',
      response: payoutRequestSchema,
      errors: { 400: 'The request is not pending', 404: 'No such payout request' },
    }),
    reviewer,
    noInput,
    async (c) =>
      c.json(payoutJson(await payouts.review(c.req.param('id'), { decision: 'approve' }))),
  );

  app.post(
    '/v1/payout-requests/:id/reject',
    operation({
      summary: 'Sandbox review: reject a pending payout request with a reason (administrator only)',
      response: payoutRequestSchema,
      errors: {
        400: 'No reason, or the request is not pending',
        404: 'No such payout request',
      },
    }),
    reviewer,
    jsonBody(rejectBody),
    async (c) => {
      const { reason } = c.req.valid('json');
      return c.json(
        payoutJson(await payouts.review(c.req.param('id'), { decision: 'reject', reason })),
      );
    },
  );

  return app;
}
