// @vitest-environment node
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { authenticateBody, call, KEYS, useSandbox } from '../testing/sandbox';
import { basicAuth } from './accounts/authenticate';
import { latencyFor, MAX_LATENCY_MS } from './kernel/http/middleware';
import { isCardNumber } from './kernel/ids';
import { SCENARIOS } from './three-ds/scenarios';

/**
 * Every delay the sandbox asks for, in ms: "not delayed" is read here, not from a clock, which a
 * loaded machine can stretch past any bound. The delivery worker's own pauses are 25 ms at most.
 */
const slept = vi.hoisted((): number[] => []);
vi.mock('./kernel/ids', async (importOriginal) => {
  const ids = await importOriginal<typeof import('./kernel/ids')>();
  return {
    ...ids,
    sleep: (ms: number, signal?: AbortSignal) => {
      slept.push(ms);
      return ids.sleep(ms, signal);
    },
  };
});

const t = useSandbox();

const basic = (raw: string) => ({ Authorization: `Basic ${Buffer.from(raw).toString('base64')}` });

describe('Basic auth', () => {
  const unauthorized = { statusCode: 401, message: 'Unauthorized' };
  const cases: Array<[string, Record<string, string>]> = [
    ['no Authorization header', {}],
    ['another scheme', { Authorization: `Bearer ${KEYS.secret}` }],
    ['bad base64', { Authorization: 'Basic %%%not-base64%%%' }],
    ['no colon', basic(KEYS.secret)],
    ['a password', basic(`${KEYS.secret}:secret`)],
    ['an unknown key', basic('sk_test_unknown:')],
    ['an empty username', basic(':')],
  ];

  for (const [why, headers] of cases) {
    it(`401 on the secret endpoints with ${why}`, async () => {
      const reply = await t.api('/v1/customers', { headers });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(unauthorized);
    });
    it(`401 on the 3DS endpoints with ${why}`, async () => {
      const reply = await t.api('/v1/three-ds/authenticate', {
        headers,
        body: authenticateBody('4111111111111111'),
      });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(unauthorized);
    });
  }

  it('accepts the key with the empty password, base64 without padding too', async () => {
    expect((await t.api('/v1/customers', { headers: basic(`${KEYS.secret}:`) })).status).toBe(200);
    const unpadded = Buffer.from(`${KEYS.secret}:`).toString('base64').replace(/=+$/, '');
    const reply = await t.api('/v1/customers', { headers: { Authorization: `Basic ${unpadded}` } });
    expect(reply.status).toBe(200);
  });

  it.each([
    ['POST', '/v1/charges'],
    ['GET', '/v1/charges/ch_x'],
    ['POST', '/v1/charges/ch_x/resume-3ds'],
    ['POST', '/v1/cards'],
    ['GET', '/v1/cards'],
    ['POST', '/v1/cards/card_x/activate'],
    ['DELETE', '/v1/cards/card_x'],
    ['GET', '/v1/customers'],
    ['GET', '/v1/customers/cus_x'],
    ['GET', '/v1/payment-methods'],
  ])('403 Forbidden for a publishable key on %s %s', async (method, path) => {
    for (const key of [KEYS.publishable, KEYS.inactive]) {
      const reply = await t.api(path, { method, key, ...(method === 'POST' ? { body: {} } : {}) });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ statusCode: 403, message: 'Forbidden' });
    }
  });

  it('3DS endpoints accept the publishable and the secret key', async () => {
    for (const key of [KEYS.publishable, KEYS.secret]) {
      const reply = await t.api('/v1/three-ds/authenticate', {
        key,
        body: authenticateBody('4111111111111111'),
      });
      expect(reply.status).toBe(200);
    }
  });

  it.each(['/v1/three-ds/authenticate', '/v1/three-ds/submit', '/v1/three-ds/challenge-result'])(
    '422 "sub-merchant is not active" for pk_test_inactive on %s',
    async (path) => {
      const reply = await t.api(path, {
        key: KEYS.inactive,
        body: authenticateBody('4111111111111111'),
      });
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        statusCode: 422,
        message: 'sub-merchant is not active',
        error: 'Unprocessable Entity',
      });
    },
  );
});

describe('CORS', () => {
  it('answers preflights for any origin, with the allowed headers, without credentials', async () => {
    const reply = await t.api('/v1/three-ds/authenticate', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://merchant.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,x-sandbox-latency-ms',
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = (reply.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const header of ['authorization', 'content-type', 'x-sandbox-latency-ms']) {
      expect(allowed.split(',')).toContain(header);
    }
    expect(reply.headers.get('access-control-allow-methods')).toContain('POST');
    expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('puts Access-Control-Allow-Origin on successes and on errors', async () => {
    const headers = { Origin: 'http://merchant.example' };
    const ok = await t.api('/sandbox/scenarios', { headers });
    const error = await t.api('/v1/three-ds/submit', { headers, body: {} });
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(error.status).toBe(401);
    expect(error.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('preflights are not delayed by the latency knob', async () => {
    slept.length = 0;
    const preflight = await t.api('/v1/customers', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://merchant.example',
        'Access-Control-Request-Method': 'GET',
        'X-Sandbox-Latency-Ms': '600',
      },
    });
    expect(preflight.status).toBe(204);
    expect(slept).not.toContain(600);
  });
});

describe('latency knob', () => {
  it('X-Sandbox-Latency-Ms delays the response', async () => {
    const started = Date.now();
    const reply = await t.api('/sandbox/scenarios', { headers: { 'X-Sandbox-Latency-Ms': '300' } });
    expect(reply.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(slept).toContain(300);
  });

  it('delays error responses too', async () => {
    const started = Date.now();
    const reply = await t.api('/v1/customers', { headers: { 'X-Sandbox-Latency-Ms': '250' } });
    expect(reply.status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('reads whole milliseconds, falls back to the default, caps the delay', () => {
    expect(latencyFor('150', 0)).toBe(150);
    expect(latencyFor(' 20 ', 5)).toBe(20);
    expect(latencyFor('abc', 40)).toBe(40);
    expect(latencyFor('-5', 40)).toBe(40);
    expect(latencyFor(undefined, 40)).toBe(40);
    expect(latencyFor('999999', 0)).toBe(MAX_LATENCY_MS);
  });
});

describe('latency option', () => {
  const slow = useSandbox({ latencyMs: 250 });
  it('is the latency of every merchant that set none; the header overrides it', async () => {
    const started = Date.now();
    expect((await slow.secret('/v1/customers')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    expect(slept).toContain(250);
    expect((await slow.secret('/sandbox/latency')).body).toEqual({ ms: 250 });
    slept.length = 0;
    const overridden = await slow.secret('/v1/customers', {
      headers: { 'X-Sandbox-Latency-Ms': '0' },
    });
    expect(overridden.status).toBe(200);
    expect(slept).not.toContain(250);
  });
});

describe('errors of our own', () => {
  it('unknown route: 404 JSON', async () => {
    const reply = await t.api('/v1/nothing-here');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      statusCode: 404,
      message: 'Cannot GET /v1/nothing-here',
      error: 'Not Found',
    });
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('malformed JSON: 400 Bad Request', async () => {
    const reply = await t.secret('/v1/charges', { body: '{"amount": ' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      statusCode: 400,
      message: 'Malformed JSON in request body',
      error: 'Bad Request',
    });
  });

  it('a body that is not a JSON object: 400 naming the missing fields', async () => {
    const reply = await t.api('/v1/three-ds/submit', { key: KEYS.publishable, body: '[]' });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      statusCode: 400,
      message: 'body must be an object',
      error: 'Bad Request',
    });
  });

  it.each([
    ['declared by Content-Length', false],
    ['sent chunked', true],
  ])('a body over 1 MiB %s: 413', async (_how, chunked) => {
    // Its own connection: the server closes it after refusing the upload.
    const body = JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) });
    const reply = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${t.sandbox.apiUrl}/v1/charges`, {
        method: 'POST',
        agent: false,
        headers: { Authorization: basicAuth(KEYS.secret), 'Content-Type': 'application/json' },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
      if (chunked) req.write(body.slice(0, 1024));
      req.end(chunked ? body.slice(1024) : body);
    });
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.text)).toEqual({
      statusCode: 413,
      message: 'the request body is larger than 1 MiB',
      error: 'Payload Too Large',
    });
  });

  it('sends the API security headers', async () => {
    const reply = await t.api('/sandbox/scenarios');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('GET /sandbox/scenarios', () => {
  it('lists the scenarios with Luhn-valid, distinct cards and the documented shape', async () => {
    const reply = await call<Array<Record<string, unknown>>>(
      `${t.sandbox.apiUrl}/sandbox/scenarios`,
    );
    expect(reply.status).toBe(200);
    const list = reply.body;
    expect(list.length).toBeGreaterThanOrEqual(13);
    const cards = list.map((s) => s.card as string);
    expect(new Set(cards).size).toBe(cards.length);
    for (const scenario of list) {
      expect(isCardNumber(scenario.card as string)).toBe(true);
      expect(Object.keys(scenario).sort()).toEqual(
        expect.arrayContaining(['card', 'description', 'expected', 'name']),
      );
      const expected = scenario.expected as { status: string };
      expect(['succeeded', 'failed', 'error', 'canceled']).toContain(expected.status);
      expect(['approve', 'wrong_code', undefined]).toContain(scenario.challengeAction);
    }
    expect(list.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'Frictionless success',
        'Fingerprint then frictionless',
        'Fingerprint then challenge',
        'Direct challenge',
        'Challenge failed (wrong code)',
        'Fingerprinting page never answers',
        'Authentication failed (denied)',
        'Authentication rejected',
        'Card not enrolled',
        'Attempt (attempt_acknowledged)',
        'Processing then success',
        '3DS error',
        '500 on the first challenge-result',
      ]),
    );
  });

  it('needs no key', async () => {
    expect((await t.api('/sandbox/scenarios', { key: null })).status).toBe(200);
  });
});

describe('docs/sandbox.md test cards', () => {
  it('lists every scenario with its card, expected result and challenge action', () => {
    const text = readFileSync(new URL('../../docs/sandbox.md', import.meta.url), 'utf8');
    const start = text.search(/^#+ Test cards$/m);
    expect(start).toBeGreaterThan(-1);
    const section = text.slice(start);
    const doc = section.slice(0, section.indexOf('\n#', 1));
    const rows = new Map(
      doc
        .split('\n')
        .filter((line) => line.startsWith('|') && !/^\|[\s|:-]+$/.test(line))
        .filter((line) => !line.startsWith('| Scenario '))
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .map((cells) => [cells[1], cells] as const),
    );
    for (const scenario of SCENARIOS) {
      const cells = rows.get(scenario.name);
      expect(cells, scenario.name).toBeDefined();
      const { status, outcome } = scenario.expected;
      expect(cells?.[2]).toBe(`\`${scenario.card}\``);
      expect(cells?.[3]).toBe(`\`${status}\`${outcome === undefined ? '' : ` / \`${outcome}\``}`);
      expect(
        cells?.[4]?.startsWith(
          scenario.challengeAction === undefined ? '—' : `\`${scenario.challengeAction}\``,
        ),
      ).toBe(true);
    }
    expect(rows.size).toBe(SCENARIOS.length);
  });
});
