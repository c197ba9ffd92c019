import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod';
import { basicAuth } from '../accounts/authenticate';
import { SANDBOX_KEYS } from '../accounts/sandbox-keys';
import type { SandboxContext } from '../context';
import { ownError, sendError } from '../http/errors';
import { LATENCY_HEADER } from '../http/middleware';
import { jsonBody, validate } from '../http/validation';
import { newId } from '../ids';
import { ApiLog } from './api-log';
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
 * The demo's merchant server: what a real one does around the widget. It calls the API with the
 * secret key (the browser never holds it), prices carts itself, and records what it sent.
 */
export function merchantRoutes(ctx: SandboxContext, json: MiddlewareHandler): Hono {
  const app = new Hono();
  const apiLog = new ApiLog();

  /** Calls the API as the merchant's server: secret key, JSON, status and body passed back. */
  async function forward(c: Context, method: string, path: string, body?: unknown) {
    const headers: Record<string, string> = { Authorization: basicAuth(SANDBOX_KEYS.secret) };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const latencyHeader = c.req.header(LATENCY_HEADER);
    if (latencyHeader !== undefined) headers[LATENCY_HEADER] = latencyHeader;
    const startedAt = Date.now();
    let response: Response;
    try {
      response = await fetch(new URL(path, ctx.urls.api), {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      ctx.log(`demo: the API could not be reached: ${String(error)}`);
      apiLog.record({ method, path, body, status: 502, startedAt });
      return sendError(c, ownError(502, 'the sandbox API could not be reached'));
    }
    const text = await response.text();
    apiLog.record({
      method,
      path,
      body,
      status: response.status,
      response: parse(text),
      startedAt,
    });
    return c.body(text, response.status as ContentfulStatusCode, {
      'Content-Type': response.headers.get('Content-Type') ?? 'application/json',
    });
  }

  app.get('/merchant/catalogue', (c) => c.json(publicCatalogue()));

  app.post('/merchant/charges', json, jsonBody(merchantChargeSchema), (c) => {
    const { cart, paymentMethod, customer } = c.req.valid('json');
    const { amount, currency, items } = priceCart(cart);
    return forward(c, 'POST', '/v1/charges', {
      amount,
      currency,
      customer: customerFor(customer),
      paymentMethod,
      items,
      postbackUrl: new URL('/merchant/webhooks', ctx.urls.demo).href,
    });
  });
  app.post('/merchant/charges/:id/resume-3ds', (c) =>
    forward(c, 'POST', `/v1/charges/${encodeURIComponent(c.req.param('id'))}/resume-3ds`, {}),
  );
  app.get('/merchant/charges/:id', (c) =>
    forward(c, 'GET', `/v1/charges/${encodeURIComponent(c.req.param('id'))}`),
  );
  // QA only: the shopper's bank paying a PIX code (or its time running out), and the charge's
  // events as the API stored them.
  app.post('/merchant/charges/:id/pix/:action{pay|expire}', (c) =>
    forward(
      c,
      'POST',
      `/sandbox/charges/${encodeURIComponent(c.req.param('id'))}/pix/${c.req.param('action')}`,
      {},
    ),
  );
  app.get('/merchant/charges/:id/events', (c) =>
    forward(
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
      const query = customerId === undefined ? '' : `?customerId=${encodeURIComponent(customerId)}`;
      return forward(c, 'GET', `/v1/cards${query}`);
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
        domainName: new URL(ctx.urls.demo).hostname,
        displayName: 'Sandbox Shop',
        signature: 'FAKE-NOT-SIGNED-BY-APPLE',
      });
    },
  );

  return app;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
