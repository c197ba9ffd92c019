import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod';
import type { ChargeCreateRequest } from '../../src/server';
import { createServerClient, ServerApiError } from '../../src/server';
import type { SandboxHost } from '../service/host';
import { ownError, sendError } from '../service/kernel/http/errors';
import { LATENCY_HEADER } from '../service/kernel/http/middleware';
import { jsonBody, validate } from '../service/kernel/http/validation';
import { newId } from '../service/kernel/ids';
import { ApiLog, loggedFetch } from './api-log';
import { cartSchema, priceCart, publicCatalogue } from './catalogue';

/**
 * The demo shop's signed-in shopper, the seeded customer `cus_sandbox_ana`. A real merchant
 * server takes the customer from its own session, never a customer id from the page: it sends
 * her inline (the spec's Customer input), and the API finds her by e-mail.
 */
const SIGNED_IN_SHOPPER = {
  name: 'Ana Souza',
  email: 'ana.souza@example.com',
  phone: '+5511987654321',
  document: { type: 'cpf', id: '52998224725' },
  address: { country: 'BRA' },
};

/**
 * Customer fields the shopper typed at checkout (the widget's customer fields, the shop form's
 * e-mail): a guest checkout. Only these fields are taken, so a page cannot name another
 * customer's `id`; the API validates them (name, e-mail or phone, the document's check digits).
 */
const shopperFieldsSchema = z.object({
  name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(32).optional(),
  document: z.object({ type: z.string().max(16), id: z.string().max(32) }).optional(),
});

/** The demo shop sells in Brazil: a guest's address is in Brazil too. */
const customerFor = (fields: z.output<typeof shopperFieldsSchema> | undefined) =>
  fields === undefined ? SIGNED_IN_SHOPPER : { ...fields, address: { country: 'BRA' } };

/**
 * `POST /merchant/charges`: the cart, the widget's `paymentMethod` (passed on as it is) and
 * optionally the shopper's own customer fields. Anything else (`amount`, `currency`, `items`) is
 * ignored: the server prices the cart from its catalogue.
 */
const merchantChargeSchema = z.object({
  cart: cartSchema,
  paymentMethod: z.record(z.string(), z.unknown()),
  customer: shopperFieldsSchema.optional(),
});

/**
 * What the merchant server is configured with, as a real one is from its environment: its keys
 * and, for the Platform QA page, the seeded logins and merchants (given by demo/sandbox.ts, so
 * the merchant imports nothing of the service's families). The keys are read at each use, never
 * kept: a throwaway demo merchant's are renewed while the server runs (demo/demo-merchant.ts).
 */
export interface MerchantSettings {
  publishableKey: string;
  secretKey: string;
  accounts: {
    logins: ReadonlyArray<{
      label: string;
      email: string;
      role: 'admin' | 'merchant';
      merchantId?: string;
      secretKey?: string;
    }>;
    merchants: ReadonlyArray<{
      id: string;
      tradeName: string;
      kind: 'master' | 'sub';
      parentId: string | null;
    }>;
  };
}

/**
 * The demo's merchant server: what a real one does around the widget. It calls the API with the
 * secret key through the server client (`secure-checkout/server`, src/server/), as a merchant
 * would (the browser never holds the key), prices carts itself, and records what it sent.
 */
export function merchantRoutes(
  host: SandboxHost,
  merchant: MerchantSettings,
  json: MiddlewareHandler,
): Hono {
  const app = new Hono();
  const apiLog = new ApiLog();

  /**
   * The server client for one request: its fetch passes on the QA panel's latency knob and
   * records each call (method, path, redacted body, status) for the panel's API log.
   */
  const clientFor = (c: Context) =>
    createServerClient({
      secretKey: merchant.secretKey,
      baseUrl: host.urls.api,
      fetch: loggedFetch(apiLog, c.req.header(LATENCY_HEADER)),
    });

  /** No answer from the API: logged, and a 502 in the spec's shape. */
  const unreachable = (c: Context, error: unknown) => {
    host.log(`demo: the API could not be reached: ${String(error)}`);
    return sendError(c, ownError(502, 'the sandbox API could not be reached'));
  };

  /** Runs one client call: its answer as JSON with `status`, its failure as the spec's body. */
  async function answer(c: Context, call: () => Promise<unknown>, status: 200 | 201 = 200) {
    try {
      return c.json(await call(), status);
    } catch (error) {
      if (!(error instanceof ServerApiError)) return unreachable(c, error);
      const { statusCode, message } = error;
      return sendError(c, {
        statusCode,
        message,
        ...(error.error === undefined ? {} : { error: error.error }),
      });
    }
  }

  /**
   * The sandbox's QA operations (a PIX payment, the events): not the Payments Service's, so not
   * the client's either; a plain call with the same key, status and body passed back.
   */
  async function sandboxCall(
    c: Context,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
  ) {
    const call = loggedFetch(apiLog, c.req.header(LATENCY_HEADER));
    try {
      const response = await call(new URL(path, host.urls.api), {
        method,
        headers: {
          Authorization: `Basic ${Buffer.from(`${merchant.secretKey}:`).toString('base64')}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return c.body(await response.text(), response.status as ContentfulStatusCode, {
        'Content-Type': response.headers.get('Content-Type') ?? 'application/json',
      });
    } catch (error) {
      return unreachable(c, error);
    }
  }

  app.get('/merchant/catalogue', (c) => c.json(publicCatalogue()));

  // QA: this merchant's API latency (the widget's calls with its publishable key meet it too).
  // The sandbox judges the body; this server only passes it on with its key.
  app.get('/merchant/latency', (c) => sandboxCall(c, 'GET', '/sandbox/latency'));
  app.put('/merchant/latency', json, jsonBody(z.looseObject({})), (c) =>
    sandboxCall(c, 'PUT', '/sandbox/latency', c.req.valid('json')),
  );

  app.post('/merchant/charges', json, jsonBody(merchantChargeSchema), (c) => {
    const { cart, paymentMethod, customer } = c.req.valid('json');
    const { amount, currency, items } = priceCart(cart);
    return answer(
      c,
      () =>
        clientFor(c).charges.create({
          amount,
          currency,
          customer: customerFor(customer) as ChargeCreateRequest['customer'],
          // The widget's payload as it came: the API judges it.
          paymentMethod: paymentMethod as unknown as ChargeCreateRequest['paymentMethod'],
          items: items.map((item) => ({ ...item })),
          postbackUrl: new URL('/merchant/webhooks', host.urls.demo).href,
        }),
      201,
    );
  });
  app.post('/merchant/charges/:id/resume-3ds', (c) =>
    answer(c, () => clientFor(c).charges.resume3ds(c.req.param('id'))),
  );
  app.get('/merchant/charges/:id', (c) =>
    answer(c, () => clientFor(c).charges.get(c.req.param('id'))),
  );
  // QA only: the shopper's bank paying a PIX code (or its time running out), and the charge's
  // events as the API stored them.
  app.post('/merchant/charges/:id/pix/:action{pay|expire}', (c) =>
    sandboxCall(
      c,
      'POST',
      `/sandbox/charges/${encodeURIComponent(c.req.param('id'))}/pix/${c.req.param('action')}`,
    ),
  );
  app.get('/merchant/charges/:id/events', (c) =>
    sandboxCall(
      c,
      'GET',
      `/sandbox/events?resourceId=${encodeURIComponent(c.req.param('id'))}&orderBy=createdAt&limit=100`,
    ),
  );
  app.get(
    '/merchant/cards',
    validate('query', z.object({ customerId: z.string().min(1).optional() })),
    (c) => {
      const { customerId } = c.req.valid('query');
      return answer(c, () =>
        clientFor(c)
          .cards.list(customerId === undefined ? {} : { customerId })
          .toArray(),
      );
    },
  );
  // What this server sent to the API, newest last (card number: last 4 digits; CVV: "***").
  app.get('/merchant/api-log', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(apiLog.list());
  });

  // Apple Pay merchant validation, FAKED. A real merchant server checks that validationURL is one
  // of Apple's, POSTs { merchantIdentifier, displayName, initiative: 'web', initiativeContext }
  // to it over TLS with its Apple Pay merchant identity certificate, and returns Apple's answer.
  // The sandbox calls nobody: this session only satisfies the demo's simulated ApplePaySession.
  app.post(
    '/merchant/apple-pay/validate',
    json,
    jsonBody(
      z.object({
        validationURL: z.url({ protocol: /^https$/, hostname: /(^|\.)apple\.com$/ }),
      }),
    ),
    (c) => {
      const now = Date.now();
      return c.json({
        sandbox: 'FAKE merchant session: the sandbox does not call Apple',
        epochTimestamp: now,
        expiresAt: now + 5 * 60_000,
        merchantSessionIdentifier: newId('SSH_SANDBOX_FAKE'),
        nonce: newId('nonce'),
        merchantIdentifier: 'SANDBOX.FAKE.MERCHANT.ID',
        domainName: new URL(host.urls.demo).hostname,
        displayName: 'Sandbox Shop',
        signature: 'FAKE-NOT-SIGNED-BY-APPLE',
      });
    },
  );

  return app;
}
