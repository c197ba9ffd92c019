import { Hono } from 'hono';
import * as z from 'zod';
import type { ApiEnv } from './accounts/authenticate';
import { cardRoutes } from './cards/routes';
import { chargeRoutes } from './charges/routes';
import { customerRoutes } from './customers/routes';
import { eventRoutes } from './events/routes';
import { feeRoutes } from './fees/routes';
import type { SandboxHost } from './host';
import { operation } from './kernel/http/documented';
import { ApiError, jsonErrorHandler, jsonNotFound, ownError } from './kernel/http/errors';
import {
  bodyLimit,
  LATENCY_HEADER,
  latency,
  MAX_DEFAULT_LATENCY_MS,
  openCors,
  requestLog,
} from './kernel/http/middleware';
import { API_HEADERS, defaultHeaders } from './kernel/http/security-headers';
import { textCheck } from './kernel/http/text-check';
import { jsonBody } from './kernel/http/validation';
import { latencySchema as latencyAnswerSchema, rootSchema } from './openapi/responses';
import { paymentMethodRoutes } from './payment-methods/routes';
import { payoutRoutes } from './payouts/routes';
import { pixRoutes } from './pix/routes';
import { IMAGE_BODY_LIMIT, imageTooBig, isImageUpload } from './plans/image';
import { planRoutes } from './plans/routes';
import type { Services } from './registry';
import { subMerchantRoutes } from './submerchants/routes';
import { subscriptionRoutes } from './subscriptions/routes';
import { threeDsRoutes } from './three-ds/routes';
import { publicScenarios } from './three-ds/scenarios';
import { scenarioListSchema } from './three-ds/schema';
import { walletRoutes } from './wallets/routes';
import { endpointRoutes } from './webhooks/endpoints-routes';
import { deliveryRoutes } from './webhooks/routes';

const LATENCY_PATH = '/sandbox/latency';
const latencySchema = z.strictObject({ ms: z.int().min(0).max(MAX_DEFAULT_LATENCY_MS) });

/**
 * The API origin: the Payments Service emulation plus the sandbox's own helpers. Every family's
 * routes get the registry (`services`); `host` gives the addresses, the log and the latency knob.
 * `extraRoutes`: another actor's pages served from this origin under its middleware (the bank's
 * look-alike page, `demo/bank/look-alike-routes.ts`), given by the composition root so the
 * service imports no other actor.
 */
export function createApiApp(
  services: Services,
  host: SandboxHost,
  extraRoutes: readonly Hono[] = [],
): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.onError(jsonErrorHandler(host.log));
  app.notFound(jsonNotFound);
  app.use('*', requestLog('api', host.log));
  app.use('*', defaultHeaders(API_HEADERS));
  app.use(
    '*',
    openCors({
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', LATENCY_HEADER],
      maxAge: 600,
    }),
  );
  const delay = latency(() => host.latencyMs);
  // The knob itself answers at once, so QA can always turn a long delay back down.
  app.use('*', (c, next) => (c.req.path === LATENCY_PATH ? next() : delay(c, next)));
  const jsonLimit = bodyLimit(1024 * 1024, () => {
    throw new ApiError(ownError(413, 'the request body is larger than 1 MiB'));
  });
  // A plan image may be 2 MB: its upload alone gets room for that (a 400 naming the size).
  const imageLimit = bodyLimit(IMAGE_BODY_LIMIT, () => {
    throw imageTooBig();
  });
  app.use('*', (c, next) =>
    isImageUpload(c.req.method, c.req.path) ? imageLimit(c, next) : jsonLimit(c, next),
  );
  // Before every route, so before keys and the database (login takes none): NUL, UTF-8.
  app.use('*', textCheck);

  for (const routes of [
    threeDsRoutes,
    chargeRoutes,
    pixRoutes,
    cardRoutes,
    customerRoutes,
    paymentMethodRoutes,
    payoutRoutes,
    deliveryRoutes,
    walletRoutes,
    subMerchantRoutes,
    feeRoutes,
    planRoutes,
    subscriptionRoutes,
    eventRoutes,
    endpointRoutes,
  ]) {
    app.route('/', routes(services));
  }

  app.get(
    '/',
    operation({ summary: 'Sandbox entry point: links to the QA helpers', response: rootSchema }),
    (c) =>
      c.json({
        name: 'Payments Service sandbox',
        scenarios: `${host.urls.api}/sandbox/scenarios`,
        deliveries: `${host.urls.api}/sandbox/deliveries`,
      }),
  );
  app.get(
    '/sandbox/scenarios',
    operation({
      summary: 'Sandbox: the test cards and their 3DS scenarios',
      response: scenarioListSchema,
    }),
    (c) => c.json(publicScenarios()),
  );
  // The default latency at runtime (the widget calls the API itself and cannot send the header).
  // No key, like the other sandbox helpers: it is a QA knob of a test service.
  app.get(
    LATENCY_PATH,
    operation({
      summary: 'Sandbox: the delay added to every API response',
      response: latencyAnswerSchema,
    }),
    (c) => c.json({ ms: host.latencyMs }),
  );
  app.put(
    LATENCY_PATH,
    operation({
      summary: 'Sandbox: set the delay added to every API response',
      response: latencyAnswerSchema,
    }),
    jsonBody(latencySchema),
    (c) => {
      host.latencyMs = c.req.valid('json').ms;
      host.log(`sandbox: every API response is now delayed by ${host.latencyMs} ms`);
      return c.json({ ms: host.latencyMs });
    },
  );

  for (const routes of extraRoutes) app.route('/', routes);

  return app;
}
