import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as z from 'zod';
import { createWebhookDedup, parseWebhook, WebhookParseError } from '../../src/server';
import type { SandboxHost } from '../service/host';
import { ApiError, jsonErrorHandler, ownError, sendError } from '../service/kernel/http/errors';
import { requestLog, requireJson } from '../service/kernel/http/middleware';
import {
  defaultHeaders,
  demoHeaders,
  trustedTypesDemoCsp,
} from '../service/kernel/http/security-headers';
import { jsonBody } from '../service/kernel/http/validation';
import { nowIso } from '../service/kernel/ids';
import { demoPages } from './nav';
import { type MerchantSettings, merchantRoutes } from './routes';

/** One POST the demo's webhook receiver got. */
export interface ReceivedWebhook {
  receivedAt: string;
  /** The envelope's `id` and `event`, when the body is one. */
  id?: string;
  event?: string;
  /** What the receiver answered. */
  answeredStatus: number;
  /**
   * The merchant's reading of it with the server client: `new` (parseWebhook took it, first
   * time), `repeat` (an envelope already taken: a retry or a resend), `not taken (answered 500)`,
   * or why parseWebhook refused it.
   */
  verdict: string;
  body: unknown;
}

const unsupported = (): never => {
  throw new ApiError(ownError(415, 'the body must be JSON (Content-Type: application/json)'));
};

/**
 * The merchant demo origin: the demo pages, the built bundle, and a small "merchant server" that
 * calls the API with the secret key, so the browser never holds it. It is given no service
 * registry: like a real merchant it reaches the service over HTTP, at `host.urls.api`.
 */
export function createDemoApp(host: SandboxHost, merchant: MerchantSettings): Hono {
  const app = new Hono();
  const received: ReceivedWebhook[] = [];
  const dedup = createWebhookDedup();
  let failuresLeft = 0;

  app.onError(jsonErrorHandler(host.log));
  const logRequest = requestLog('demo', host.log);
  // The QA panel polls the receiver every second; a line per poll would bury everything else.
  app.use('*', (c, next) =>
    c.req.method === 'GET' && c.req.path === '/merchant/webhooks' ? next() : logRequest(c, next),
  );
  app.use(
    '*',
    defaultHeaders(() => demoHeaders(host.urls)),
  );
  // QA/e2e variant: any page with ?trusted-types=1 runs under the strictest policy (Trusted Types).
  // The Vue example's page also allows Vue's own policy, 'vue': Vue's DOM runtime creates it as it
  // loads (for the HTML of a template's static parts), and a refused name is a violation.
  app.use('*', async (c, next) => {
    await next();
    if (c.req.query('trusted-types') !== '1') return;
    const policies = c.req.path.startsWith('/examples/vue/') ? ['vue'] : [];
    c.res.headers.set('Content-Security-Policy', trustedTypesDemoCsp(host.urls, policies));
  });
  app.use('/merchant/*', bodyLimit({ maxSize: 1024 * 1024 }));

  const json = requireJson(unsupported);
  app.route('/', merchantRoutes(host, merchant, json));

  // The webhook receiver (the charges' postbackUrl).
  app.post('/merchant/webhooks', json, async (c) => {
    const text = await c.req.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text: the list shows what arrived.
    }
    const answeredStatus: 200 | 500 = failuresLeft > 0 ? 500 : 200;
    if (failuresLeft > 0) failuresLeft--;
    let verdict: string;
    try {
      const webhook = parseWebhook(text);
      // A delivery answered 500 (the QA knob) is not taken: its retry is the first time.
      verdict =
        answeredStatus !== 200
          ? `not taken (answered ${answeredStatus})`
          : (await dedup.firstTime(webhook))
            ? 'new'
            : 'repeat';
    } catch (error) {
      verdict = error instanceof WebhookParseError ? error.message : String(error);
    }
    const envelope =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    received.push({
      receivedAt: nowIso(),
      ...(typeof envelope.id === 'string' ? { id: envelope.id } : {}),
      ...(typeof envelope.event === 'string' ? { event: envelope.event } : {}),
      answeredStatus,
      verdict,
      body,
    });
    return c.json({ received: answeredStatus === 200 }, answeredStatus);
  });
  app.get('/merchant/webhooks', (c) => c.json(received));
  // QA knob: the receiver answers 500 to the next `count` deliveries, to watch the retries.
  app.post(
    '/merchant/webhooks/failures',
    json,
    jsonBody(z.object({ count: z.int().min(0).max(10) })),
    (c) => {
      failuresLeft = c.req.valid('json').count;
      return c.json({ failNext: failuresLeft });
    },
  );

  // Where the pages find the other origins (their ports may be overridden), and the seeded
  // accounts the Platform page logs in as.
  app.get('/demo-config.json', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({
      apiUrl: host.urls.api,
      threeDsUrl: host.urls.threeDs,
      demoUrl: host.urls.demo,
      publishableKey: merchant.publishableKey,
      accounts: merchant.accounts,
    });
  });

  app.use('/dist/*', async (c, next) => {
    await next();
    // The bundle may be loaded by test pages on other local origins.
    if (c.res.ok) c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
  });
  app.use(
    '/dist/*',
    serveStatic({ root: host.distDir, rewriteRequestPath: (path) => path.replace(/^\/dist/, '') }),
  );
  // The React and Vue examples as Vite built them: /examples/<name>/ from <name>/build/.
  app.use(
    '/examples/*',
    serveStatic({
      root: host.examplesDir,
      rewriteRequestPath: (path) => path.replace(/^\/examples\/([\w-]+)\//, '/$1/build/'),
    }),
  );
  // The pages themselves, each with the demo nav (./nav.ts); their scripts and styles below.
  app.use('/*', demoPages(host.pagesDir));
  app.use('/*', serveStatic({ root: host.pagesDir }));
  app.notFound((c) =>
    c.req.path.startsWith('/merchant/')
      ? sendError(c, ownError(404, `Cannot ${c.req.method} ${c.req.path}`))
      : c.text('Not found', 404),
  );

  return app;
}
