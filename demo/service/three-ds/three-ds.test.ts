// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  authenticateResponseSchema,
  errorBodySchema,
  submitResponseSchema,
} from '../../../src/api/schemas';
import { valid } from '../../../src/checks';
import { runFlow } from '../../testing/flow';
import { authenticateBody, KEYS, useSandbox } from '../../testing/sandbox';
import { type PublicScenario, SCENARIOS } from './scenarios';

const t = useSandbox();
const key = KEYS.publishable;

const card = (name: string) => {
  const found = SCENARIOS.find((s) => s.name === name);
  if (found === undefined) throw new Error(name);
  return found.card;
};

async function authenticate(number: string, overrides: Record<string, unknown> = {}) {
  const reply = await t.api('/v1/three-ds/authenticate', {
    key,
    body: authenticateBody(number, overrides),
  });
  return valid(authenticateResponseSchema, reply.body);
}

describe('authenticate', () => {
  it('URLs point at the 3DS origin on localhost; optional fields are left out, not null', async () => {
    const fingerprint = await authenticate(card('Fingerprint then frictionless'));
    expect(Object.keys(fingerprint).sort()).toEqual([
      'authenticationId',
      'fingerprintingUrl',
      'status',
    ]);
    const url = new URL(fingerprint.fingerprintingUrl ?? '');
    expect(url.origin).toBe(t.sandbox.threeDsUrl);
    expect(url.hostname).toBe('localhost');
    expect(url.pathname).toBe('/3ds/fingerprint');
    expect(url.searchParams.get('authenticationId')).toBe(fingerprint.authenticationId);

    const silent = await authenticate(card('Fingerprinting page never answers'));
    expect(new URL(silent.fingerprintingUrl ?? '').pathname).toBe('/3ds/fingerprint-silent');

    const challenge = await authenticate(card('Direct challenge'), {
      browser: { ...authenticateBody('').browser, language: 'pt-BR' },
    });
    expect(Object.keys(challenge).sort()).toEqual(['authenticationId', 'challengeUrl', 'status']);
    const challengeUrl = new URL(challenge.challengeUrl ?? '');
    expect(challengeUrl.origin).toBe(t.sandbox.threeDsUrl);
    // The page reads the language from the authentication (demo/bank/bank-language.test.ts).
    expect(challengeUrl.searchParams.has('lang')).toBe(false);

    const processing = await authenticate(card('Processing then success'));
    expect(Object.keys(processing).sort()).toEqual(['authenticationId', 'status']);
  });

  it.each([
    [{ amount: 0.5 }, 'amount must be at least 1'],
    [{ amount: '10' }, 'amount must be a number'],
    [{ currency: 'brl' }, 'currency must be an ISO 4217 currency code'],
    [{ currency: 'XYZ' }, 'currency must be an ISO 4217 currency code'],
    [{ card: undefined }, 'card is required'],
    [{ browser: undefined }, 'browser is required'],
  ])('400 on %o', async (overrides, message) => {
    const reply = await t.api('/v1/three-ds/authenticate', {
      key,
      body: authenticateBody('4111111111111111', overrides),
    });
    expect(reply.status).toBe(400);
    expect(valid(errorBodySchema, reply.body).message).toContain(message);
    expect(reply.body.error).toBe('Bad Request');
  });

  it.each([
    [{ number: '4111111111111112' }, 'card.number must be 12 to 19 digits'],
    [{ number: '4111 1111 1111 1111' }, 'card.number must be 12 to 19 digits'],
    [{ expirationMonth: '1' }, 'card.expirationMonth must be exactly 2 characters'],
    [{ expirationMonth: '13' }, 'card.expirationMonth must be a month from 01 to 12'],
    [{ expirationYear: '30' }, 'card.expirationYear must be exactly 4 characters'],
    [{ expirationYear: '2001' }, 'card.expirationYear is in the past: the card has expired'],
    [{ holderName: ' ' }, 'card.holderName must not be empty'],
  ])('400 on card %o', async (cardOverrides, message) => {
    const body = authenticateBody('4111111111111111');
    const reply = await t.api('/v1/three-ds/authenticate', {
      key,
      body: { ...body, card: { ...body.card, ...cardOverrides } },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain(message);
  });

  it('400 naming each missing browser field', async () => {
    const body = authenticateBody('4111111111111111');
    const { colorDepth: _c, timezoneOffset: _t, ...browser } = body.browser;
    const reply = await t.api('/v1/three-ds/authenticate', {
      key,
      body: { ...body, browser: { ...browser, javaEnabled: 'no' } },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('browser.timezoneOffset is required');
    expect(reply.body.message).toContain('browser.javaEnabled must be a boolean');
    expect(reply.body.message).toContain('browser.colorDepth is required');
  });
});

describe('submit and challenge-result', () => {
  it('unknown authenticationId: 404 with a clear message on both', async () => {
    for (const path of ['/v1/three-ds/submit', '/v1/three-ds/challenge-result']) {
      const reply = await t.api(path, { key, body: { authenticationId: 'auth_missing' } });
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({
        statusCode: 404,
        message: 'authentication not found: no authentication has id auth_missing',
        error: 'Not Found',
      });
    }
  });

  it('submit validates its body', async () => {
    const missing = await t.api('/v1/three-ds/submit', { key, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('authenticationId is required');
    const bad = await t.api('/v1/three-ds/submit', {
      key,
      body: { authenticationId: 'x', fingerprintingResult: 'not base64!' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('fingerprintingResult must be base64');
  });

  it('submit records whether a fingerprintingResult came (sandbox inspection endpoint)', async () => {
    const withResult = await authenticate(card('Fingerprint then frictionless'));
    await t.api('/v1/three-ds/submit', {
      key,
      body: { authenticationId: withResult.authenticationId, fingerprintingResult: 'ZnA=' },
    });
    const without = await authenticate(card('Fingerprinting page never answers'));
    await t.api('/v1/three-ds/submit', {
      key,
      body: { authenticationId: without.authenticationId },
    });
    const seen = async (id: string) =>
      (await t.api(`/sandbox/authentications/${id}`, { key })).body.fingerprintingResultReceived;
    expect(await seen(withResult.authenticationId)).toBe(true);
    expect(await seen(without.authenticationId)).toBe(false);
  });

  it('challenge-result before the challenge is done: 400, and the challenge stays pending', async () => {
    const { authenticationId } = await authenticate(card('Direct challenge'));
    const early = await t.api('/v1/three-ds/challenge-result', { key, body: { authenticationId } });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(
      `authentication ${authenticationId} has no result yet: its challenge has not been completed`,
    );
    const again = await t.api('/v1/three-ds/submit', { key, body: { authenticationId } });
    expect(valid(submitResponseSchema, again.body)).toMatchObject({ status: 'requires_challenge' });
    expect(again.body.challengeUrl).toEqual(expect.stringContaining('/3ds/challenge?'));
  });

  it('submit never answers requires_submission or canceled', async () => {
    const { authenticationId } = await authenticate(card('Authentication canceled'));
    const reply = await t.api('/v1/three-ds/submit', { key, body: { authenticationId } });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toContain('was canceled');
  });

  it('a finished authentication answers submit and challenge-result the same way again', async () => {
    const run = await runFlow(t, SCENARIOS[0] as PublicScenario);
    const again = await t.api('/v1/three-ds/challenge-result', {
      key,
      body: { authenticationId: run.authenticationId },
    });
    expect(again.body).toEqual(run.threeDS);
    const submit = await t.api('/v1/three-ds/submit', {
      key,
      body: { authenticationId: run.authenticationId },
    });
    expect(submit.body).toEqual({
      authenticationId: run.authenticationId,
      status: 'succeeded',
      outcome: 'authenticated',
    });
  });

  it('the 500 comes once per authentication of the flaky card', async () => {
    const a = await authenticate(card('500 on the first challenge-result'));
    const b = await authenticate(card('500 on the first challenge-result'));
    const statuses = [];
    for (const id of [a.authenticationId, b.authenticationId, a.authenticationId]) {
      statuses.push(
        (await t.api('/v1/three-ds/challenge-result', { key, body: { authenticationId: id } }))
          .status,
      );
    }
    expect(statuses).toEqual([500, 500, 200]);
  });
});
