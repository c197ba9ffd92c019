import { Hono } from 'hono';
import type { ApiEnv } from './accounts/authenticate';
import { cardRoutes } from './cards/routes';
import { chargeRoutes } from './charges/routes';
import { customerRoutes } from './customers/routes';
import { eventRoutes } from './events/routes';
import { faultRoutes } from './faults/routes';
import { feeRoutes } from './fees/routes';
import type { SandboxHost } from './host';
import { operation } from './kernel/http/documented';
import { ApiError, jsonErrorHandler, jsonNotFound, ownError } from './kernel/http/errors';
import {
  bodyLimit,
  LATENCY_HEADER,
  openCors,
  requestedLatency,
  requestLog,
} from './kernel/http/middleware';
import { API_HEADERS, defaultHeaders } from './kernel/http/security-headers';
import { textCheck } from './kernel/http/text-check';
import { latencyGate, latencyRoutes } from './latency/routes';
import { merchantRoutes } from './merchants/routes';
import { rootSchema } from './openapi/responses';
import { paymentMethodRoutes } from './payment-methods/routes';
import { payoutRoutes } from './payouts/routes';
import { pixRoutes } from './pix/routes';
import { IMAGE_BODY_LIMIT, imageTooBig, isImageUpload } from './plans/image';
import { planRoutes } from './plans/routes';
import type { Services } from './registry';
import { recordRequests } from './requests/recorder';
import { requestRoutes } from './requests/routes';
import { subMerchantRoutes } from './submerchants/routes';
import { subscriptionRoutes } from './subscriptions/routes';
import { threeDsRoutes } from './three-ds/routes';
import { publicScenarios } from './three-ds/scenarios';
import { scenarioListSchema } from './three-ds/schema';
import { walletRoutes } from './wallets/routes';
import { endpointRoutes } from './webhooks/endpoints-routes';
import { deliveryRoutes } from './webhooks/routes';

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
  // The merchant's request log (requests/): around everything, so its duration is the client's.
  app.use('*', recordRequests(services.requestLog));
  app.use('*', defaultHeaders(API_HEADERS));
  app.use(
    '*',
    openCors({
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', LATENCY_HEADER],
      maxAge: 600,
    }),
  );
  app.use('*', requestedLatency);
  services.gates.add(latencyGate(services, () => host.latencyMs));
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
    merchantRoutes,
    faultRoutes,
    requestRoutes,
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
  app.route(
    '/',
    latencyRoutes(services, () => host.latencyMs),
  );

  for (const routes of extraRoutes) app.route('/', routes);

  return app;
}
