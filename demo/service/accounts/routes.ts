import { Hono } from 'hono';
import { operation } from '../kernel/http/documented';
import { ApiError, spec } from '../kernel/http/errors';
import { jsonBody } from '../kernel/http/validation';
import type { Services } from '../registry';
import { dataLocation, resetLine } from '../reset-report';
import { resetToSeed } from '../seed';
import { type ApiEnv, requireToken } from './authenticate';
import { loginResponseSchema, loginSchema, resetResponseSchema } from './schema';

/**
 * `POST /v1/auth/login` (the spec does not show it): e-mail and password → a Bearer token.
 * `POST /sandbox/reset` (administrator token): every table back to the seed, and a log line of
 * what was restored.
 */
export function accountRoutes(
  services: Services,
  log: (line: string) => void = () => {},
): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const { accounts, tokens, clocks, database } = services;

  app.post(
    '/v1/auth/login',
    operation({
      summary: 'Log in with e-mail and password; answers a Bearer token',
      response: loginResponseSchema,
      errors: { 401: 'Wrong e-mail or password (one answer for both)' },
    }),
    jsonBody(loginSchema),
    async (c) => {
      const { email, password } = c.req.valid('json');
      const identity = await accounts.login(email, password);
      if (identity === undefined) throw new ApiError(spec.unauthorized());
      const { accessToken, expiresIn } = await tokens.issue(identity);
      return c.json({
        accessToken,
        tokenType: 'Bearer' as const,
        expiresIn,
        role: identity.role,
        ...(identity.merchantId === null ? {} : { merchantId: identity.merchantId }),
      });
    },
  );

  app.post(
    '/sandbox/reset',
    operation({
      summary: 'Sandbox: every account and resource back to the seed',
      response: resetResponseSchema,
    }),
    requireToken(services, ['admin']),
    async (c) => {
      const restored = await resetToSeed(database.db);
      accounts.forgetKeys();
      clocks.forget();
      services.latency.forget();
      log(resetLine('POST /sandbox/reset', dataLocation(database.config), restored));
      return c.json({ reset: true, message: 'every account and resource is back to the seed' });
    },
  );

  return app;
}
