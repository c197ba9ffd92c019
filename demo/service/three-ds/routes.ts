import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import { tenantOf } from '../accounts/tenancy';
import { operation } from '../kernel/http/documented';
import { jsonBody } from '../kernel/http/validation';
import type { Services } from '../registry';
import {
  authenticateResponseSchema,
  authenticateSchema,
  challengeResultResponseSchema,
  challengeResultSchema,
  inspect,
  inspectedAuthenticationSchema,
  submitResponseSchema,
  submitSchema,
  type ThreeDsCall,
} from './schema';
import type { AuthenticationStore } from './store';

/** Authenticate is not here: only its 200 names an authentication, and `create()` records it. */
const ENDPOINTS: readonly ThreeDsCall['endpoint'][] = [
  '/v1/three-ds/submit',
  '/v1/three-ds/challenge-result',
];

/** The authentication a call was about: the request's `authenticationId`. */
async function authenticationIdOf(c: Context): Promise<unknown> {
  try {
    const body = await c.req.json();
    return typeof body === 'object' && body !== null ? body.authenticationId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records each submit and challenge-result call's status on its authentication
 * (`GET /sandbox/authentications/{id}` lists them), so QA sees what the widget's events do not
 * show, e.g. a 500 and the retry after it.
 */
const recordCalls =
  (store: AuthenticationStore): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    await next();
    const endpoint = ENDPOINTS.find((path) => path === c.req.path);
    // Only calls whose key was accepted, into the key's merchant's authentications.
    const principal = c.get('principal');
    if (endpoint === undefined || c.req.method !== 'POST' || principal === undefined) return;
    const id = await authenticationIdOf(c);
    if (typeof id !== 'string') return;
    await store.recordCall(tenantOf(principal), id, endpoint, c.res.status);
  };

/**
 * POST /v1/three-ds/authenticate, /submit and /challenge-result (publishable or secret key),
 * and GET /sandbox/authentications/{id} (QA helper), all scoped to the key's merchant.
 */
export function threeDsRoutes(services: Services): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const key = requireKey(services, 'three_ds');
  const store = services.authentications;

  app.use('/v1/three-ds/*', recordCalls(store));

  app.post(
    '/v1/three-ds/authenticate',
    operation({
      summary: 'Start a 3-D Secure authentication',
      response: authenticateResponseSchema,
    }),
    key,
    jsonBody(authenticateSchema),
    async (c) => {
      const body = c.req.valid('json');
      const auth = await store.create(
        tenantOf(c.get('principal')),
        {
          amount: body.amount,
          currency: body.currency,
          cardNumber: body.card.number,
          browserLanguage: body.browser.language,
        },
        { byEndpoint: true },
      );
      return c.json(store.pages.authenticateResponse(auth));
    },
  );

  app.post(
    '/v1/three-ds/submit',
    operation({
      summary: 'Submit the fingerprinting result',
      response: submitResponseSchema,
      errors: { 404: 'No authentication of this merchant has this id' },
    }),
    key,
    jsonBody(submitSchema),
    async (c) => {
      const { authenticationId, fingerprintingResult } = c.req.valid('json');
      const tenant = tenantOf(c.get('principal'));
      return c.json(await store.submit(tenant, authenticationId, fingerprintingResult));
    },
  );

  app.post(
    '/v1/three-ds/challenge-result',
    operation({
      summary: 'Read the result of a challenge',
      response: challengeResultResponseSchema,
      errors: {
        404: 'No authentication of this merchant has this id',
        500: 'The scenario that fails the first challenge-result call',
      },
    }),
    key,
    jsonBody(challengeResultSchema),
    async (c) => {
      const tenant = tenantOf(c.get('principal'));
      return c.json(await store.challengeResult(tenant, c.req.valid('json').authenticationId));
    },
  );

  // A key of the authentication's merchant (either kind, as the browser holds the publishable
  // one): in a sandbox shared by several merchants, one cannot read another's authentications.
  app.get(
    '/sandbox/authentications/:id',
    operation({
      summary: 'Sandbox: inspect a 3DS authentication and its calls',
      response: inspectedAuthenticationSchema,
    }),
    key,
    async (c) => {
      const auth = await store.require(tenantOf(c.get('principal')), c.req.param('id'));
      return c.json(inspect(auth));
    },
  );

  return app;
}
