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

describe('/sandbox/latency: each merchant its own', () => {
  const secret = { key: KEYS.secret };
  const OTHER = 'sk_test_noconnect';
  const latencyOf = async (key: string) => (await t.api('/sandbox/latency', { key })).body;

  it('needs the merchant’s secret key: none 401, a publishable key 403', async () => {
    expect((await t.api('/sandbox/latency')).status).toBe(401);
    const put = await t.api('/sandbox/latency', { method: 'PUT', body: { ms: 5 } });
    expect(put.status).toBe(401);
    expect((await t.api('/sandbox/latency', { key: KEYS.publishable })).status).toBe(403);
    expect(await latencyOf(KEYS.secret)).toEqual({ ms: 0 });
  });

  it('delays its own requests (its publishable key’s 3DS calls too), no other merchant’s', async () => {
    const set = await t.api('/sandbox/latency', { ...secret, method: 'PUT', body: { ms: 250 } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ ms: 250 });
    try {
      expect(await latencyOf(KEYS.secret)).toEqual({ ms: 250 });
      expect(await latencyOf(OTHER)).toEqual({ ms: 0 });
      for (const call of [
        () => t.api('/v1/customers', secret),
        () =>
          t.api('/v1/three-ds/authenticate', {
            key: KEYS.publishable,
            body: authenticateBody('4000000000000010'),
          }),
      ]) {
        const started = Date.now();
        expect((await call()).status).toBe(200);
        expect(Date.now() - started).toBeGreaterThanOrEqual(240);
      }
      // Another merchant's request, sent after a slow one of this merchant, is answered first.
      await t.api('/sandbox/latency', { ...secret, method: 'PUT', body: { ms: 3000 } });
      let slowDone = false;
      const slow = t.api('/v1/customers', secret).then((reply) => {
        slowDone = true;
        return reply;
      });
      expect((await t.api('/v1/customers', { key: OTHER })).status).toBe(200);
      expect((await t.api('/sandbox/scenarios')).status).toBe(200);
      expect(slowDone).toBe(false);
      // The knob itself answers at once: QA can always turn a long delay back down.
      await t.api('/sandbox/latency', { ...secret, method: 'PUT', body: { ms: 0 } });
      expect(slowDone).toBe(false);
      expect((await slow).status).toBe(200);
    } finally {
      await t.api('/sandbox/latency', { ...secret, method: 'PUT', body: { ms: 0 } });
    }
    expect(await latencyOf(KEYS.secret)).toEqual({ ms: 0 });
  });

  it.each([[-1], [10_001], [1.5], ['100'], [null]])(
    '400 naming ms for %j, and the value is unchanged',
    async (ms) => {
      const reply = await t.api('/sandbox/latency', { ...secret, method: 'PUT', body: { ms } });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(reply.body.message).toMatch(/^ms /);
      expect(await latencyOf(KEYS.secret)).toEqual({ ms: 0 });
    },
  );

  it('accepts the bounds 0 and 10000', async () => {
    for (const ms of [10_000, 0]) {
      const reply = await t.api('/sandbox/latency', { ...secret, method: 'PUT', body: { ms } });
      expect(reply.body).toEqual({ ms });
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
