import { Hono } from 'hono';
import { type ApiEnv, requireKey } from '../accounts/authenticate';
import type { MerchantGate } from '../accounts/merchant-gates';
import { operation } from '../kernel/http/documented';
import { LATENCY_HEADER } from '../kernel/http/middleware';
import { jsonBody } from '../kernel/http/validation';
import { sleep } from '../kernel/ids';
import type { Services } from '../registry';
import { LATENCY_PATH, merchantDelayMs } from './rules';
import { latencyAnswerSchema, latencyBody } from './schema';

/**
 * The merchant gate that makes a merchant's requests wait its latency (the widget calls the API
 * itself and cannot send `X-Sandbox-Latency-Ms`, so the knob is the merchant's): every request
 * authenticated as it, its publishable key's 3DS calls included, and no other merchant's.
 */
export const latencyGate =
  (services: Pick<Services, 'latency'>, defaultMs: () => number): MerchantGate =>
  async (c, next) => {
    const principal = c.get('principal');
    const merchantMs =
      principal.role === 'merchant' ? await services.latency.of(principal.merchant.id) : undefined;
    const header = c.req.header(LATENCY_HEADER);
    await sleep(merchantDelayMs({ header, path: c.req.path, merchantMs, defaultMs: defaultMs() }));
    await next();
  };

/** `GET` and `PUT /sandbox/latency` (secret key): the key's merchant's latency, no one else's. */
export function latencyRoutes(
  services: Pick<Services, 'accounts' | 'gates' | 'latency'>,
  defaultMs: () => number,
): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const secret = requireKey(services, 'secret');
  const merchantOf = (principal: ApiEnv['Variables']['principal']) =>
    principal.role === 'merchant' ? principal.merchant.id : '';

  app.get(
    LATENCY_PATH,
    operation({
      summary: "Sandbox: the delay the key's merchant's API requests meet",
      response: latencyAnswerSchema,
    }),
    secret,
    async (c) => {
      const own = await services.latency.of(merchantOf(c.get('principal')));
      return c.json({ ms: own ?? defaultMs() });
    },
  );

  app.put(
    LATENCY_PATH,
    operation({
      summary:
        "Sandbox: set the delay the key's merchant's API requests meet (its publishable key's 3DS calls included)",
      response: latencyAnswerSchema,
    }),
    secret,
    jsonBody(latencyBody),
    async (c) => {
      const { ms } = c.req.valid('json');
      await services.latency.set(merchantOf(c.get('principal')), ms);
      return c.json({ ms });
    },
  );

  return app;
}
