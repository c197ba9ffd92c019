import { describe, expect, it } from 'vitest';
import { CheckoutError } from '../errors';
import type { BrowserInfo } from '../types';
import { type ApiClient, type ApiClientConfig, createApiClient } from './client';

/** Requests, headers and response parsing. Errors, timeouts and aborts: client-errors.test.ts. */

const browser: BrowserInfo = {
  userAgent: 'Mozilla/5.0 test',
  ipAddress: '203.0.113.7',
  acceptHeader: 'text/html',
  language: 'en-US',
  timezoneOffset: 180,
  javascriptEnabled: true,
  javaEnabled: false,
  screenWidth: 1440,
  screenHeight: 900,
  colorDepth: 24,
};

const authenticateBody = {
  amount: 10.5,
  currency: 'BRL',
  card: {
    number: '4111111111111111',
    expirationMonth: '12',
    expirationYear: '2030',
    holderName: 'Ana Silva',
  },
  browser,
};

const authenticateOk = {
  authenticationId: 'auth_1',
  status: 'requires_submission',
  fingerprintingUrl: 'https://acs.example/fp',
};
const submitOk = { authenticationId: 'auth_1', status: 'succeeded', outcome: 'authenticated' };
const challengeOk = {
  type: '3ds2',
  state: 'success',
  cryptogram: 'AAABBJkZUQAAAABjRWWZEEFgFz8=',
  directoryServerTransactionId: 'ds-1',
  threeDsServerTransactionId: '3ds-1',
  acsTransactionId: 'acs-1',
  eci: '05',
  version: '2.2.0',
};

interface Call {
  url: string;
  init: RequestInit;
}

function setup(answer: () => Response, config: Partial<ApiClientConfig> = {}) {
  const calls: Call[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    calls.push({ url: String(input), init: init ?? {} });
    return answer();
  };
  const client = createApiClient({
    baseUrl: new URL('https://api.example.com'),
    publishableKey: 'pk_test_abc',
    timeoutMs: 5_000,
    fetch: fetchFn,
    ...config,
  });
  return { client, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const signal = () => new AbortController().signal;

type Endpoint = 'authenticate' | 'submit' | 'challengeResult';
const endpoints: { name: Endpoint; path: string; body: object; ok: object }[] = [
  {
    name: 'authenticate',
    path: '/v1/three-ds/authenticate',
    body: authenticateBody,
    ok: authenticateOk,
  },
  {
    name: 'submit',
    path: '/v1/three-ds/submit',
    body: { authenticationId: 'auth_1', fingerprintingResult: 'eyJhIjoxfQ==' },
    ok: submitOk,
  },
  {
    name: 'challengeResult',
    path: '/v1/three-ds/challenge-result',
    body: { authenticationId: 'auth_1' },
    ok: challengeOk,
  },
];

// biome-ignore lint/suspicious/noExplicitAny: each endpoint takes its own body type
const call = (client: ApiClient, name: Endpoint, body: any) => client[name](body, signal());

describe('createApiClient: the request', () => {
  it.each(endpoints)(
    'POSTs $name to $path with the Basic key, JSON body and no cookies',
    async ({ name, path, body, ok }) => {
      const { client, calls } = setup(() => json(ok));
      await call(client, name, body);

      expect(calls).toHaveLength(1);
      const [{ url, init }] = calls as [Call];
      expect(url).toBe(`https://api.example.com${path}`);
      expect(init.method).toBe('POST');
      const headers = new Headers(init.headers);
      expect(headers.get('Authorization')).toBe('Basic cGtfdGVzdF9hYmM6'); // base64('pk_test_abc:')
      expect(headers.get('Content-Type')).toBe('application/json');
      expect(typeof init.body).toBe('string');
      expect(JSON.parse(init.body as string)).toEqual(body);
      expect(init.credentials).toBe('omit');
      expect(init.signal).toBeInstanceOf(AbortSignal);
    },
  );

  it('encodes the key with an empty password', async () => {
    const { client, calls } = setup(() => json(submitOk), { publishableKey: 'pk_live_XyZ' });
    await client.submit({ authenticationId: 'auth_1' }, signal());
    const header = new Headers(calls[0]?.init.headers).get('Authorization') ?? '';
    expect(header.startsWith('Basic ')).toBe(true);
    expect(atob(header.slice('Basic '.length))).toBe('pk_live_XyZ:');
  });

  it('keeps a path prefix of the base URL', async () => {
    const { client, calls } = setup(() => json(submitOk), {
      baseUrl: new URL('https://gw.example.com/payments'),
    });
    await client.submit({ authenticationId: 'auth_1' }, signal());
    expect(calls[0]?.url).toBe('https://gw.example.com/payments/v1/three-ds/submit');
  });

  it('does not double the slash after a base URL ending in /', async () => {
    const { client, calls } = setup(() => json(challengeOk), {
      baseUrl: new URL('https://gw.example.com/payments/'),
    });
    await client.challengeResult({ authenticationId: 'auth_1' }, signal());
    expect(calls[0]?.url).toBe('https://gw.example.com/payments/v1/three-ds/challenge-result');
  });

  it('works with a bare origin that URL normalises to a trailing slash', async () => {
    const { client, calls } = setup(() => json(authenticateOk), {
      baseUrl: new URL('http://127.0.0.1:4010/'),
    });
    await client.authenticate(authenticateBody, signal());
    expect(calls[0]?.url).toBe('http://127.0.0.1:4010/v1/three-ds/authenticate');
  });

  it('sends submit without fingerprintingResult when there is none', async () => {
    const { client, calls } = setup(() => json(submitOk));
    await client.submit({ authenticationId: 'auth_1' }, signal());
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({ authenticationId: 'auth_1' });
  });
});

describe('createApiClient: valid responses', () => {
  it('returns the authenticate response', async () => {
    const { client } = setup(() => json(authenticateOk));
    await expect(client.authenticate(authenticateBody, signal())).resolves.toEqual(authenticateOk);
  });

  it('returns the submit response with its outcome', async () => {
    const { client } = setup(() => json(submitOk));
    await expect(client.submit({ authenticationId: 'auth_1' }, signal())).resolves.toEqual(
      submitOk,
    );
  });

  it('returns the challenge result with all eight fields', async () => {
    const { client } = setup(() => json(challengeOk));
    await expect(client.challengeResult({ authenticationId: 'auth_1' }, signal())).resolves.toEqual(
      challengeOk,
    );
  });

  it('accepts a response without its optional fields', async () => {
    const { client } = setup(() => json({ authenticationId: 'auth_2', status: 'processing' }));
    await expect(client.authenticate(authenticateBody, signal())).resolves.toEqual({
      authenticationId: 'auth_2',
      status: 'processing',
    });
  });

  it.each(endpoints)(
    'strips unknown fields from the $name response',
    async ({ name, body, ok }) => {
      const { client } = setup(() => json({ ...ok, debug: 'x', internal: { secret: 1 } }));
      const result = await call(client, name, body);
      expect(result).toEqual(ok);
      expect(result).not.toHaveProperty('debug');
      expect(result).not.toHaveProperty('internal');
    },
  );
});

describe('createApiClient: malformed 2xx responses → bad_response', () => {
  const badBodies: [string, Endpoint, () => Response][] = [
    [
      'unknown authenticate status',
      'authenticate',
      () => json({ authenticationId: 'a', status: 'pending' }),
    ],
    [
      'unknown outcome',
      'authenticate',
      () => json({ authenticationId: 'a', status: 'failed', outcome: 'nope' }),
    ],
    ['missing authenticationId', 'authenticate', () => json({ status: 'succeeded' })],
    [
      'authenticationId of the wrong type',
      'authenticate',
      () => json({ authenticationId: 42, status: 'succeeded' }),
    ],
    [
      'challengeUrl of the wrong type',
      'submit',
      () => json({ authenticationId: 'a', status: 'requires_challenge', challengeUrl: 1 }),
    ],
    [
      'an authenticate-only status from submit',
      'submit',
      () => json({ authenticationId: 'a', status: 'requires_submission' }),
    ],
    ['unknown challenge state', 'challengeResult', () => json({ ...challengeOk, state: 'ok' })],
    [
      'challenge result missing eci',
      'challengeResult',
      () => json({ ...challengeOk, eci: undefined }),
    ],
    ['a JSON array', 'submit', () => json([submitOk])],
    ['JSON null', 'submit', () => json(null)],
    ['a non-JSON body', 'authenticate', () => new Response('<html>OK</html>', { status: 200 })],
    ['an empty body', 'submit', () => new Response('', { status: 200 })],
    ['an empty body', 'challengeResult', () => new Response(null, { status: 200 })],
    [
      "the spec's body labelled text/html (a portal's or proxy's page)",
      'submit',
      () => new Response(JSON.stringify(submitOk), { headers: { 'Content-Type': 'text/html' } }),
    ],
    [
      "the spec's body with no content type",
      'submit',
      () => new Response(new TextEncoder().encode(JSON.stringify(submitOk))),
    ],
  ];

  it.each(['application/json; charset=utf-8', 'Application/JSON', 'application/problem+json'])(
    'a 2xx body labelled %s is read',
    async (type) => {
      const { client } = setup(
        () => new Response(JSON.stringify(submitOk), { headers: { 'Content-Type': type } }),
      );
      await expect(call(client, 'submit', { authenticationId: 'a' })).resolves.toEqual(submitOk);
    },
  );

  it.each(badBodies)('%s (%s)', async (_what, name, answer) => {
    const { client } = setup(answer);
    const body = endpoints.find((e) => e.name === name)?.body;
    const error = await call(client, name, body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error).toMatchObject({ code: 'bad_response', statusCode: 200 });
  });
});
