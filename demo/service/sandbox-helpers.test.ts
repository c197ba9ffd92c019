// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { authenticateBody, KEYS, useSandbox } from '../testing/sandbox';
import { SCENARIOS } from './three-ds/scenarios';

const t = useSandbox();
const cardOf = (name: string) => SCENARIOS.find((s) => s.name === name)?.card ?? '';

interface Inspected {
  status: string;
  challengeResultCalls: number;
  calls: Array<{ endpoint: string; status: number; at: string }>;
}

const authenticate = async (card: string) =>
  (
    await t.api<{ authenticationId: string }>('/v1/three-ds/authenticate', {
      key: KEYS.publishable,
      body: authenticateBody(card),
    })
  ).body.authenticationId;

const call = (endpoint: string, body: unknown, key: string | null = KEYS.publishable) =>
  t.api(`/v1/three-ds/${endpoint}`, { key, body });

const callsOf = async (id: string) =>
  (
    await t.api<Inspected>(`/sandbox/authentications/${id}`, { key: KEYS.publishable })
  ).body.calls.map((c) => [c.endpoint, c.status]);

describe('GET /sandbox/authentications/{id}: each 3DS call of the authentication', () => {
  it('lists the 500 of the first challenge-result and the retry after it, in order, with times', async () => {
    const id = await authenticate(cardOf('500 on the first challenge-result'));
    expect((await call('challenge-result', { authenticationId: id })).status).toBe(500);
    expect((await call('challenge-result', { authenticationId: id })).status).toBe(200);
    const inspected = (
      await t.api<Inspected>(`/sandbox/authentications/${id}`, { key: KEYS.secret })
    ).body;
    expect(inspected.calls.map((c) => [c.endpoint, c.status])).toEqual([
      ['/v1/three-ds/authenticate', 200],
      ['/v1/three-ds/challenge-result', 500],
      ['/v1/three-ds/challenge-result', 200],
    ]);
    const times = inspected.calls.map((c) => Date.parse(c.at));
    expect(times.every(Number.isFinite)).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('records submits and refused calls (400), not calls whose key was refused', async () => {
    const id = await authenticate(cardOf('Processing then success'));
    await call('submit', { authenticationId: id });
    await call('submit', { authenticationId: id, fingerprintingResult: 'not base64!' });
    await call('submit', { authenticationId: id });
    await call('challenge-result', { authenticationId: id }, null);
    await call('challenge-result', { authenticationId: id }, KEYS.inactive);
    expect(await callsOf(id)).toEqual([
      ['/v1/three-ds/authenticate', 200],
      ['/v1/three-ds/submit', 200],
      ['/v1/three-ds/submit', 400],
      ['/v1/three-ds/submit', 200],
    ]);
  });

  it('a 400 "no result yet" is recorded; unknown ids record nothing', async () => {
    const id = await authenticate(cardOf('Direct challenge'));
    expect((await call('challenge-result', { authenticationId: id })).status).toBe(400);
    expect((await call('challenge-result', { authenticationId: 'auth_nope' })).status).toBe(404);
    expect(await callsOf(id)).toEqual([
      ['/v1/three-ds/authenticate', 200],
      ['/v1/three-ds/challenge-result', 400],
    ]);
  });
});

describe('GET /sandbox/authentications/{id}: only with a key of its merchant', () => {
  it('401 without a key; 404 (as for an unknown id) with another merchant’s key', async () => {
    const id = await authenticate(cardOf('Direct challenge'));
    const inspect = (key: string | null) => t.api(`/sandbox/authentications/${id}`, { key });
    expect((await inspect(null)).status).toBe(401);
    for (const other of ['pk_test_noconnect', 'sk_test_noconnect', 'pk_test_sub']) {
      const reply = await inspect(other);
      expect(reply.status, other).toBe(404);
      expect(reply.body).toEqual({
        statusCode: 404,
        message: `authentication not found: no authentication has id ${id}`,
        error: 'Not Found',
      });
    }
    for (const own of [KEYS.publishable, KEYS.secret]) {
      expect((await inspect(own)).body).toMatchObject({ authenticationId: id });
    }
  });
});

describe('PUT /sandbox/latency: the default latency at runtime', () => {
  it('reads and sets the default; every API response is delayed by it, then back to 0', async () => {
    expect((await t.api('/sandbox/latency')).body).toEqual({ ms: 0 });
    const set = await t.api('/sandbox/latency', { method: 'PUT', body: { ms: 250 } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ ms: 250 });
    expect((await t.api('/sandbox/latency')).body).toEqual({ ms: 250 });
    try {
      const started = Date.now();
      expect((await t.api('/sandbox/scenarios')).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    } finally {
      await t.api('/sandbox/latency', { method: 'PUT', body: { ms: 0 } });
    }
    expect((await t.api('/sandbox/latency')).body).toEqual({ ms: 0 });
  });

  it.each([[-1], [10_001], [1.5], ['100'], [null]])(
    '400 naming ms for %j, and the value is unchanged',
    async (ms) => {
      const reply = await t.api('/sandbox/latency', { method: 'PUT', body: { ms } });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(reply.body.message).toMatch(/^ms /);
      expect((await t.api('/sandbox/latency')).body).toEqual({ ms: 0 });
    },
  );

  it('accepts the bounds 0 and 10000', async () => {
    for (const ms of [10_000, 0]) {
      expect((await t.api('/sandbox/latency', { method: 'PUT', body: { ms } })).body).toEqual({
        ms,
      });
    }
  });

  it('pages on another origin may call it: the preflight allows PUT', async () => {
    const reply = await t.api('/sandbox/latency', {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:4012',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-methods')).toContain('PUT');
  });
});
