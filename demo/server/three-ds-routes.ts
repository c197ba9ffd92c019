import { type Context, Hono, type MiddlewareHandler } from 'hono';
import * as z from 'zod';
import { type ApiEnv, requireKey } from './auth';
import type { SandboxContext } from './context';
import { isCardNumber, isExpired } from './ids';
import type { AuthenticationStore, ThreeDsCall } from './three-ds-store';
import {
  currencySchema,
  jsonBody,
  MONTH,
  monthSchema,
  nonEmpty,
  YEAR,
  yearSchema,
} from './validation';

export const cardNumberSchema = z
  .string()
  .refine(isCardNumber, 'must be 12 to 19 digits, without spaces, and pass the Luhn check');

/** Card fields shared by 3DS, charges (variant A) and card registration. */
export const cardFields = {
  number: cardNumberSchema,
  holderName: nonEmpty,
  expirationMonth: monthSchema,
  expirationYear: yearSchema,
};

/** False only when month and year are valid but in the past (their own rules report the rest). */
export const notExpired = (card: { expirationMonth: string; expirationYear: string }) =>
  !MONTH.test(card.expirationMonth) ||
  !YEAR.test(card.expirationYear) ||
  !isExpired(card.expirationMonth, card.expirationYear);
export const EXPIRED = {
  message: 'is in the past: the card has expired',
  path: ['expirationYear'],
};

/** The spec's `browser` object, all ten fields. */
export const browserSchema = z.object({
  userAgent: z.string().max(2048),
  ipAddress: z.string().max(64),
  acceptHeader: z.string().max(2048),
  language: z.string().max(8),
  timezoneOffset: z.int(),
  javascriptEnabled: z.boolean(),
  javaEnabled: z.boolean(),
  screenWidth: z.int().nonnegative(),
  screenHeight: z.int().nonnegative(),
  colorDepth: z.int().positive(),
});

const authenticateSchema = z.object({
  amount: z.number().min(1),
  currency: currencySchema,
  card: z.object(cardFields).refine(notExpired, EXPIRED),
  browser: browserSchema,
});

const authenticationId = z.string().min(1).max(100);

/** The widget's bound too: a larger result is not a fingerprint. */
const MAX_FINGERPRINT_RESULT_LENGTH = 64 * 1024;

const submitSchema = z.object({
  authenticationId,
  fingerprintingResult: z
    .string()
    .max(MAX_FINGERPRINT_RESULT_LENGTH)
    .regex(/^[A-Za-z0-9+/_-]+={0,2}$/, 'must be base64')
    .optional(),
});

const challengeResultSchema = z.object({ authenticationId });

const ENDPOINTS: readonly ThreeDsCall['endpoint'][] = [
  '/v1/three-ds/authenticate',
  '/v1/three-ds/submit',
  '/v1/three-ds/challenge-result',
];

/** The authentication a 3DS call was about: the response's (authenticate) or the request's. */
async function authenticationIdOf(c: Context): Promise<unknown> {
  try {
    const body = c.req.path.endsWith('/authenticate')
      ? await c.res.clone().json()
      : await c.req.json();
    return typeof body === 'object' && body !== null ? body.authenticationId : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Records each call's status on its authentication (`GET /sandbox/authentications/{id}` lists
 * them), so QA sees what the widget's events do not show, e.g. a 500 and the retry after it.
 */
const recordCalls =
  (store: AuthenticationStore): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    await next();
    const endpoint = ENDPOINTS.find((path) => path === c.req.path);
    // Only calls whose key was accepted: a stranger cannot write into someone's authentication.
    if (endpoint === undefined || c.req.method !== 'POST' || c.get('apiKey') === undefined) return;
    const id = await authenticationIdOf(c);
    if (typeof id === 'string') store.recordCall(id, endpoint, c.res.status);
  };

/** POST /v1/three-ds/authenticate, /submit and /challenge-result. */
export function threeDsRoutes(ctx: SandboxContext): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const store = ctx.authentications;
  const key = requireKey('three_ds');

  app.use('/v1/three-ds/*', recordCalls(store));

  app.post('/v1/three-ds/authenticate', key, jsonBody(authenticateSchema), (c) => {
    const body = c.req.valid('json');
    const auth = store.create({
      amount: body.amount,
      currency: body.currency,
      cardNumber: body.card.number,
      browserLanguage: body.browser.language,
    });
    return c.json(store.authenticateResponse(auth));
  });

  app.post('/v1/three-ds/submit', key, jsonBody(submitSchema), (c) => {
    const body = c.req.valid('json');
    const auth = store.require(body.authenticationId);
    return c.json(store.submit(auth, body.fingerprintingResult));
  });

  app.post('/v1/three-ds/challenge-result', key, jsonBody(challengeResultSchema), (c) => {
    const auth = store.require(c.req.valid('json').authenticationId);
    return c.json(store.challengeResult(auth));
  });

  return app;
}
