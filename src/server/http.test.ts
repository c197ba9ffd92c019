// @vitest-environment node
/**
 * The transport: timeouts and network failures typed, GET and keyed POSTs retried where safe,
 * PATCH/DELETE never, headers and queries as sent. Fake fetches, and real local servers that misbehave.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createServerClient,
  ServerApiError,
  type ServerClient,
  ServerClientError,
  ServerNetworkError,
} from './index';

const BASE = 'https://api.example.test';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch answering from `answers` in turn (the last one repeats); every call recorded. */
function fakeFetch(...answers: Array<Response | Error | (() => Response)>) {
  const sent: Sent[] = [];
  const impl: typeof fetch = async (input, init) => {
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input),
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body,
    });
    const answer = answers[Math.min(sent.length, answers.length) - 1];
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer() : (answer?.clone() ?? new Response('{}'));
  };
  return { impl, sent };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const text = (body: string, status: number, statusText = '') =>
  new Response(body, { status, statusText, headers: { 'Content-Type': 'text/html' } });

const clientOn = (impl: typeof fetch, timeoutMs?: number, secretKey = 'sk_test_x') =>
  createServerClient({
    secretKey,
    baseUrl: BASE,
    fetch: impl,
    ...(timeoutMs ? { timeoutMs } : {}),
  });

const CHARGE = {
  amount: 10,
  currency: 'BRL',
  customer: { email: 'a@example.com' },
  paymentMethod: { type: 'pix' as const },
  items: [{ type: 'digital' }],
};

describe('requests as sent', () => {
  it('Basic base64(<key>:) over the UTF-8 bytes; JSON body and headers; query without undefined', async () => {
    const { impl, sent } = fakeFetch(json({ data: [], meta: { totalPages: 0 } }), json({}));
    const client = clientOn(impl, undefined, 'sk_tést_ção');
    await client.customers.list({ search: 'ana maria', limit: 5, email: undefined }).page(2);
    await client.charges.create(CHARGE);
    const basic = `Basic ${Buffer.from('sk_tést_ção:', 'utf8').toString('base64')}`;
    expect(sent[0]).toMatchObject({
      method: 'GET',
      url: `${BASE}/v1/customers?search=ana+maria&limit=5&page=2`,
      headers: { Authorization: basic, Accept: 'application/json' },
    });
    expect(sent[0]?.headers).not.toHaveProperty('Content-Type');
    expect(sent[1]).toMatchObject({
      method: 'POST',
      url: `${BASE}/v1/charges`,
      headers: { Authorization: basic, 'Content-Type': 'application/json' },
      body: JSON.stringify(CHARGE),
    });
  });

  it('uploadImage sends FormData (its own multipart type) with the file part', async () => {
    const { impl, sent } = fakeFetch(json({ id: 'plan_1' }));
    const file = new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' });
    await clientOn(impl).subscriptionPlans.uploadImage('plan_1', file);
    const body = sent[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const part = (body as FormData).get('file');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('logo.png');
    expect(sent[0]?.headers).not.toHaveProperty('Content-Type');
  });
});

describe('retries: GET, and POST under its idempotency key', () => {
  it.each([502, 503, 504])(
    'GET after %i: tried again, with the answer of the third try',
    async (status) => {
      const { impl, sent } = fakeFetch(
        json({ statusCode: status, message: 'x' }, status),
        text('<h1>busy</h1>', status),
        json({ id: 'cus_1' }),
      );
      expect(await clientOn(impl).customers.get('cus_1')).toEqual({ id: 'cus_1' });
      expect(sent).toHaveLength(3);
    },
  );

  it('GET after network failures and a timeout: retried, then the last error', async () => {
    const calls: string[] = [];
    const hanging: typeof fetch = async (input) => {
      calls.push(String(input));
      if (calls.length === 2) return new Promise<Response>(() => {});
      throw new TypeError('fetch failed');
    };
    const error = await clientOn(hanging, 50)
      .charges.get('ch_1')
      .catch((e: unknown) => e);
    expect(calls).toHaveLength(3);
    expect(error).toBeInstanceOf(ServerNetworkError);
    expect(error).toMatchObject({ code: 'network', method: 'GET', path: '/v1/charges/ch_1' });
    expect((error as ServerNetworkError).cause).toBeInstanceOf(TypeError);
  });

  it('GET gives up after 3 attempts; 500, 4xx and bad JSON are not retried', async () => {
    const busy = fakeFetch(json({ statusCode: 503, message: 'down' }, 503));
    expect(
      await clientOn(busy.impl)
        .charges.get('ch_1')
        .catch((e: unknown) => e),
    ).toMatchObject({
      statusCode: 503,
    });
    expect(busy.sent).toHaveLength(3);
    for (const answer of [
      json({ statusCode: 500, message: 'Internal server error' }, 500),
      json({ statusCode: 404, message: 'gone' }, 404),
      text('not json', 200),
    ]) {
      const once = fakeFetch(answer);
      await clientOn(once.impl)
        .charges.get('ch_1')
        .catch((e: unknown) => e);
      expect(once.sent).toHaveLength(1);
    }
  });

  const writes: Array<[string, (client: ServerClient) => Promise<unknown>]> = [
    ['subscriptions.update (PATCH)', (c) => c.subscriptions.update('sub_1', { billingDay: 3 })],
    ['cards.delete (DELETE)', (c) => c.cards.delete('card_1')],
  ];
  it.each(writes)('%s is sent once, even after a network failure or a 503', async (_, call) => {
    for (const answer of [
      new TypeError('fetch failed'),
      json({ statusCode: 503, message: 'x' }, 503),
    ]) {
      const { impl, sent } = fakeFetch(answer, json({}));
      const error = await call(clientOn(impl)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(answer instanceof Error ? ServerNetworkError : ServerApiError);
      expect(sent).toHaveLength(1);
    }
  });
});

const keyOf = (sent: Sent) => sent.headers['Idempotency-Key'];

describe('POST: an idempotency key per call, the same on every retry', () => {
  const posts: Array<[string, (client: ServerClient) => Promise<unknown>]> = [
    ['charges.create', (c) => c.charges.create(CHARGE)],
    ['charges.refund', (c) => c.charges.refund('ch_1')],
    ['subscriptions.pause', (c) => c.subscriptions.pause('sub_1')],
    ['cards.activate', (c) => c.cards.activate('card_1', { activationValue: '1.00' })],
  ];
  it.each(posts)('%s: retried after a network failure and a 503, one key', async (_, call) => {
    const { impl, sent } = fakeFetch(
      new TypeError('fetch failed'),
      json({ statusCode: 503, message: 'x' }, 503),
      json({ id: 'done' }, 201),
    );
    expect(await call(clientOn(impl))).toEqual({ id: 'done' });
    expect(sent.map((s) => s.method)).toEqual(['POST', 'POST', 'POST']);
    const key = keyOf(sent[0] as Sent);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent.map(keyOf)).toEqual([key, key, key]);
    expect(new Set(sent.map((s) => s.body)).size).toBe(1);
  });

  it('a 409 (the first attempt still running) is retried; other 4xx and 500 are not', async () => {
    const running = fakeFetch(
      json({ statusCode: 409, message: 'a request with this Idempotency-Key is in progress' }, 409),
      json({ id: 'ch_1' }, 201),
    );
    expect(await clientOn(running.impl).charges.create(CHARGE)).toEqual({ id: 'ch_1' });
    expect(running.sent).toHaveLength(2);
    for (const status of [400, 422, 500]) {
      const once = fakeFetch(json({ statusCode: status, message: 'no' }, status));
      const error = await clientOn(once.impl)
        .charges.create(CHARGE)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: status });
      expect(once.sent).toHaveLength(1);
    }
  });

  it('a new key for each call; the caller may give its own', async () => {
    const { impl, sent } = fakeFetch(json({ id: 'ch_1' }, 201));
    const client = clientOn(impl);
    await client.charges.create(CHARGE);
    await client.charges.create(CHARGE);
    await client.charges.create(CHARGE, { idempotencyKey: 'order-8812' });
    await client.subscriptionPlans.uploadImage('plan_1', new Blob([new Uint8Array([1])]), {
      idempotencyKey: 'image-1',
    });
    const keys = sent.map(keyOf);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys.slice(2)).toEqual(['order-8812', 'image-1']);
  });

  it.each(['', 'two words', 'x'.repeat(256), 'ção'])(
    'a given key %j that the service would refuse: ServerClientError, nothing sent',
    async (key) => {
      const { impl, sent } = fakeFetch(json({}));
      const error = await clientOn(impl)
        .charges.create(CHARGE, { idempotencyKey: key })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServerClientError);
      expect(error).toMatchObject({ code: 'invalid_argument' });
      expect(sent).toHaveLength(0);
    },
  );

  it("no key and sent once: PATCH, DELETE, login and the administrator's reviews", async () => {
    const { impl, sent } = fakeFetch(
      json({ accessToken: 't', tokenType: 'Bearer', expiresIn: 3600, role: 'admin' }),
      new TypeError('fetch failed'),
    );
    const client = clientOn(impl);
    await client.login({ email: 'admin@example.com', password: 'p' });
    for (const call of [
      () => client.payoutRequests.approve('po_1'),
      () => client.payoutRequests.reject('po_1', { reason: 'r' }),
      () => client.subscriptions.update('sub_1', { billingDay: 3 }),
      () => client.cards.delete('card_1'),
    ]) {
      await call().catch(() => undefined);
    }
    expect(sent).toHaveLength(5);
    expect(sent.map(keyOf)).toEqual(Array(5).fill(undefined));
  });
});

describe('answers that are not the API', () => {
  it('an error page without the spec body: the HTTP status and its text', async () => {
    const { impl } = fakeFetch(text('<h1>Bad gateway</h1>', 502, 'Bad Gateway'));
    const error = await clientOn(impl)
      .charges.create(CHARGE)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerApiError);
    expect(error).toMatchObject({
      statusCode: 502,
      message: 'Bad Gateway',
      error: undefined,
      method: 'POST',
      path: '/v1/charges',
    });
  });

  it('a success that is not JSON: bad_response', async () => {
    const { impl } = fakeFetch(text('<html>portal</html>', 200));
    const error = await clientOn(impl)
      .customers.get('cus_1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerNetworkError);
    expect(error).toMatchObject({ code: 'bad_response' });
  });
});

describe('real sockets', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map(
        (s) =>
          new Promise((resolve) => {
            s.closeAllConnections();
            s.close(resolve);
          }),
      ),
    );
  });

  /** A server that accepts every request and never answers; counts them. */
  async function silentServer() {
    const received: string[] = [];
    const server = createServer((request) => {
      received.push(`${request.method} ${request.url}`);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
  }

  it('a server that never answers: timeout, POST and GET three times each, each bounded', async () => {
    const { url, received } = await silentServer();
    const client = createServerClient({ secretKey: 'sk_test_x', baseUrl: url, timeoutMs: 150 });
    const started = Date.now();
    const post = await client.charges.create(CHARGE).catch((e: unknown) => e);
    expect(post).toBeInstanceOf(ServerNetworkError);
    expect(post).toMatchObject({ code: 'timeout', method: 'POST', path: '/v1/charges' });
    // Three attempts of 150 ms and the pauses between them (250 + 750 ms).
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(received).toEqual(Array(3).fill('POST /v1/charges'));

    const get = await client.charges.get('ch_1').catch((e: unknown) => e);
    expect(get).toMatchObject({ code: 'timeout', method: 'GET' });
    expect(received.slice(3)).toEqual(Array(3).fill('GET /v1/charges/ch_1'));
  });

  it('a port nobody listens on: network, with the cause', async () => {
    const { url } = await silentServer();
    const closed = servers.pop() as Server;
    await new Promise((resolve) => closed.close(resolve));
    const client = createServerClient({ secretKey: 'sk_test_x', baseUrl: url, timeoutMs: 2_000 });
    const error = await client.cards.delete('card_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerNetworkError);
    expect(error).toMatchObject({ code: 'network', method: 'DELETE', path: '/v1/cards/card_1' });
    expect((error as ServerNetworkError).cause).toBeInstanceOf(Error);
  });

  it('a fetch that ignores its signal still settles at the timeout', async () => {
    const ignoring: typeof fetch = () => new Promise<Response>(() => {});
    const error = await clientOn(ignoring, 100)
      .charges.create(CHARGE)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout' });
  });
});
