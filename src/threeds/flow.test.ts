import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../api/client';
import { AUTHENTICATE_STATUSES, CHALLENGE_STATES, OUTCOMES } from '../api/schemas';
import {
  CHALLENGE_RESULT_ATTEMPTS,
  PROCESSING_DEADLINE_MS,
  PROCESSING_FIRST_DELAY_MS,
  PROCESSING_MAX_DELAY_MS,
} from '../constants';
import { CheckoutError } from '../errors';
import { challengeResult, validRequest } from '../test-support/fixtures';
import type {
  AuthenticateResponse,
  ChallengeResult,
  CheckoutEventType,
  SubmitResponse,
} from '../types';
import type { ChallengeEnd } from './challenge-dialog';
import type { FingerprintEnd } from './fingerprint-frame';
import { type FlowEdges, runFlow, statusOfChallenge } from './flow';

const ID = 'auth_123';
type Answer<T> = T | CheckoutError;

interface Script {
  authenticate: Answer<AuthenticateResponse>;
  submit?: Answer<SubmitResponse>[];
  challengeResult?: Answer<ChallengeResult>[];
  fingerprint?: FingerprintEnd;
  challenge?: ChallengeEnd;
}

/** Edges that answer from a script and record every call, on a fake clock. */
function scripted(script: Script) {
  const submits = [...(script.submit ?? [])];
  const results = [...(script.challengeResult ?? [challengeResult()])];
  let clock = 0;
  const next = <T>(answer: Answer<T> | undefined, what: string): Promise<T> => {
    if (answer === undefined) throw new Error(`unexpected ${what}`);
    return answer instanceof CheckoutError ? Promise.reject(answer) : Promise.resolve(answer);
  };
  const api = {
    authenticate: vi.fn(() => next(script.authenticate, 'authenticate')),
    submit: vi.fn((_body: { authenticationId: string; fingerprintingResult?: string }) =>
      next(submits.shift(), 'submit'),
    ),
    challengeResult: vi.fn(() => next(results.shift(), 'challenge-result')),
  } satisfies ApiClient;
  const events: CheckoutEventType[] = [];
  const edges = {
    api,
    browserInfo: vi.fn(() => ({
      userAgent: 'ua',
      ipAddress: '',
      acceptHeader: 'text/html',
      language: 'en',
      timezoneOffset: 0,
      javascriptEnabled: true,
      javaEnabled: false,
      screenWidth: 1,
      screenHeight: 1,
      colorDepth: 24,
    })),
    fingerprint: vi.fn(async () => script.fingerprint ?? ('timeout' as const)),
    challenge: vi.fn(async () => script.challenge ?? ('completed' as const)),
    sleep: vi.fn(async (ms: number) => {
      clock += ms;
    }),
    now: () => clock,
    emit: vi.fn((type: CheckoutEventType) => {
      events.push(type);
    }),
  } satisfies FlowEdges;
  const run = () => runFlow(validRequest(), edges, new AbortController().signal);
  return { edges, api, events, run };
}

const auth = (
  status: AuthenticateResponse['status'],
  extra: Partial<AuthenticateResponse> = {},
) => ({
  authenticationId: ID,
  status,
  ...extra,
});
const sub = (status: SubmitResponse['status'], extra: Partial<SubmitResponse> = {}) => ({
  authenticationId: ID,
  status,
  ...extra,
});
const FP_URL = 'https://acs.example/fingerprint';
const CH_URL = 'https://acs.example/challenge';

describe('flow: authenticate answers', () => {
  it('sends the request with browser data', async () => {
    const { api, run } = scripted({ authenticate: auth('failed', { outcome: 'denied' }) });
    await run();
    expect(api.authenticate).toHaveBeenCalledWith(
      expect.objectContaining({
        amount: 120.5,
        currency: 'BRL',
        browser: expect.objectContaining({ language: 'en' }),
      }),
      expect.any(AbortSignal),
    );
  });

  it('an empty authenticationId → bad_response', async () => {
    const { api, run } = scripted({ authenticate: { authenticationId: '', status: 'succeeded' } });
    await expect(run()).rejects.toMatchObject({ code: 'bad_response' });
    expect(api.challengeResult).not.toHaveBeenCalled();
  });

  it('succeeded → challenge-result, returned as threeDS', async () => {
    const { api, run } = scripted({
      authenticate: auth('succeeded', { outcome: 'authenticated' }),
    });
    await expect(run()).resolves.toEqual({
      authenticationId: ID,
      status: 'succeeded',
      outcome: 'authenticated',
      threeDS: challengeResult(),
    });
    expect(api.challengeResult).toHaveBeenCalledWith(
      { authenticationId: ID },
      expect.any(AbortSignal),
    );
  });

  it.each(['failed', 'error', 'canceled'] as const)(
    '%s → that status and outcome, nothing more',
    async (status) => {
      const { api, edges, run } = scripted({ authenticate: auth(status, { outcome: 'rejected' }) });
      await expect(run()).resolves.toEqual({ authenticationId: ID, status, outcome: 'rejected' });
      expect(api.submit).not.toHaveBeenCalled();
      expect(api.challengeResult).not.toHaveBeenCalled();
      expect(edges.fingerprint).not.toHaveBeenCalled();
    },
  );

  it.each(OUTCOMES)('passes outcome %s through unchanged', async (outcome) => {
    const { run } = scripted({ authenticate: auth('failed', { outcome }) });
    await expect(run()).resolves.toMatchObject({ outcome });
  });

  it('handles every authenticate status with a terminal result', async () => {
    for (const status of AUTHENTICATE_STATUSES) {
      const { run } = scripted({
        authenticate: auth(status, { challengeUrl: CH_URL }),
        submit: [sub('succeeded')],
      });
      const result = await run();
      expect(['succeeded', 'failed', 'error', 'canceled']).toContain(result.status);
    }
  });
});

describe('flow: requires_submission', () => {
  it('fingerprints, then submits the fingerprinting result', async () => {
    const { api, edges, events, run } = scripted({
      authenticate: auth('requires_submission', { fingerprintingUrl: FP_URL }),
      fingerprint: { fingerprintingResult: 'ZnA=' },
      submit: [sub('succeeded', { outcome: 'authenticated' })],
    });
    await expect(run()).resolves.toMatchObject({ status: 'succeeded', threeDS: challengeResult() });
    expect(edges.fingerprint).toHaveBeenCalledWith(new URL(FP_URL), ID, expect.any(AbortSignal));
    expect(api.submit).toHaveBeenCalledWith(
      { authenticationId: ID, fingerprintingResult: 'ZnA=' },
      expect.any(AbortSignal),
    );
    expect(events).toEqual(['authenticate:start', 'fingerprint:start', 'fingerprint:complete']);
  });

  it('submits without a result when fingerprinting times out', async () => {
    const { api, events, run } = scripted({
      authenticate: auth('requires_submission', { fingerprintingUrl: FP_URL }),
      fingerprint: 'timeout',
      submit: [sub('failed', { outcome: 'denied' })],
    });
    await expect(run()).resolves.toEqual({
      authenticationId: ID,
      status: 'failed',
      outcome: 'denied',
    });
    expect(api.submit).toHaveBeenCalledWith({ authenticationId: ID }, expect.any(AbortSignal));
    expect(events).toContain('fingerprint:timeout');
  });

  it('submits without a result when there is no fingerprintingUrl', async () => {
    const { api, edges, run } = scripted({
      authenticate: auth('requires_submission'),
      submit: [sub('succeeded')],
    });
    await run();
    expect(edges.fingerprint).not.toHaveBeenCalled();
    expect(api.submit).toHaveBeenCalledWith({ authenticationId: ID }, expect.any(AbortSignal));
  });

  it.each(['javascript:alert(1)', 'data:text/html,x', 'http://evil.example/fp', '/relative'])(
    'refuses fingerprintingUrl %s before loading anything',
    async (url) => {
      const { api, edges, run } = scripted({
        authenticate: auth('requires_submission', { fingerprintingUrl: url }),
      });
      await expect(run()).rejects.toMatchObject({ code: 'insecure_url' });
      expect(edges.fingerprint).not.toHaveBeenCalled();
      expect(api.submit).not.toHaveBeenCalled();
    },
  );

  it('then requires_challenge from submit → challenge', async () => {
    const { edges, run } = scripted({
      authenticate: auth('requires_submission', { fingerprintingUrl: FP_URL }),
      fingerprint: { fingerprintingResult: 'ZnA=' },
      submit: [sub('requires_challenge', { challengeUrl: CH_URL })],
    });
    await expect(run()).resolves.toMatchObject({ status: 'succeeded' });
    expect(edges.challenge).toHaveBeenCalledWith(new URL(CH_URL), ID, expect.any(AbortSignal));
  });

  it.each(['failed', 'error'] as const)('submit %s → that status', async (status) => {
    const { run } = scripted({
      authenticate: auth('requires_submission'),
      submit: [sub(status, { outcome: 'internal_error' })],
    });
    await expect(run()).resolves.toEqual({
      authenticationId: ID,
      status,
      outcome: 'internal_error',
    });
  });

  it('refuses a submit answer for another authenticationId', async () => {
    const { run } = scripted({
      authenticate: auth('requires_submission'),
      submit: [{ authenticationId: 'auth_other', status: 'succeeded' }],
    });
    await expect(run()).rejects.toMatchObject({ code: 'bad_response' });
  });
});

describe('flow: requires_challenge', () => {
  it('completed → challenge-result; events in order', async () => {
    const { api, events, run } = scripted({
      authenticate: auth('requires_challenge', { challengeUrl: CH_URL }),
    });
    await expect(run()).resolves.toEqual({
      authenticationId: ID,
      status: 'succeeded',
      threeDS: challengeResult(),
    });
    expect(api.challengeResult).toHaveBeenCalledTimes(1);
    expect(events).toEqual(['authenticate:start', 'challenge:complete']);
  });

  it.each(CHALLENGE_STATES)('status follows threeDS.state %s', async (state) => {
    const { run } = scripted({
      authenticate: auth('requires_challenge', { challengeUrl: CH_URL }),
      challengeResult: [challengeResult(state)],
    });
    const expected = state === 'success' ? 'succeeded' : state === 'error' ? 'error' : 'failed';
    await expect(run()).resolves.toMatchObject({ status: expected, threeDS: { state } });
    expect(statusOfChallenge(challengeResult(state))).toBe(expected);
  });

  it('closed by the shopper → canceled / abandoned, no challenge-result', async () => {
    const { api, events, run } = scripted({
      authenticate: auth('requires_challenge', { challengeUrl: CH_URL }),
      challenge: 'closed',
    });
    await expect(run()).resolves.toEqual({
      authenticationId: ID,
      status: 'canceled',
      outcome: 'abandoned',
    });
    expect(api.challengeResult).not.toHaveBeenCalled();
    expect(events).toContain('challenge:closed');
  });

  it('deadline → timeout error', async () => {
    const { api, run } = scripted({
      authenticate: auth('requires_challenge', { challengeUrl: CH_URL }),
      challenge: 'timeout',
    });
    await expect(run()).rejects.toMatchObject({ code: 'timeout' });
    expect(api.challengeResult).not.toHaveBeenCalled();
  });

  it('without a challengeUrl → bad_response', async () => {
    const { edges, run } = scripted({ authenticate: auth('requires_challenge') });
    await expect(run()).rejects.toMatchObject({ code: 'bad_response' });
    expect(edges.challenge).not.toHaveBeenCalled();
  });

  it.each(['javascript:void(0)', 'http://10.0.0.1/c', '//evil.example/c', 'blob:https://a/b'])(
    'refuses challengeUrl %s before rendering',
    async (url) => {
      const { edges, run } = scripted({
        authenticate: auth('requires_challenge', { challengeUrl: url }),
      });
      await expect(run()).rejects.toMatchObject({ code: 'insecure_url' });
      expect(edges.challenge).not.toHaveBeenCalled();
    },
  );
});

describe('flow: challenge-result retries', () => {
  it('retries a 5xx and a network failure, then succeeds', async () => {
    const { api, edges, run } = scripted({
      authenticate: auth('succeeded'),
      challengeResult: [
        new CheckoutError('server_error', 'Internal server error', { statusCode: 500 }),
        new CheckoutError('network', 'down'),
        challengeResult(),
      ],
    });
    await expect(run()).resolves.toMatchObject({ status: 'succeeded' });
    expect(api.challengeResult).toHaveBeenCalledTimes(3);
    expect(edges.sleep).toHaveBeenCalledTimes(2);
  });

  it(`gives up after ${CHALLENGE_RESULT_ATTEMPTS} attempts`, async () => {
    const failure = () =>
      new CheckoutError('server_error', 'Internal server error', { statusCode: 500 });
    const { api, run } = scripted({
      authenticate: auth('succeeded'),
      challengeResult: Array.from({ length: CHALLENGE_RESULT_ATTEMPTS + 1 }, failure),
    });
    await expect(run()).rejects.toMatchObject({ code: 'server_error', statusCode: 500 });
    expect(api.challengeResult).toHaveBeenCalledTimes(CHALLENGE_RESULT_ATTEMPTS);
  });

  it.each(['unauthorized', 'bad_response', 'not_found'] as const)(
    'does not retry %s',
    async (code) => {
      const { api, run } = scripted({
        authenticate: auth('succeeded'),
        challengeResult: [new CheckoutError(code, 'x')],
      });
      await expect(run()).rejects.toMatchObject({ code });
      expect(api.challengeResult).toHaveBeenCalledTimes(1);
    },
  );
});

describe('flow: processing', () => {
  it('submits again with the same authenticationId, backing off', async () => {
    const { api, edges, run } = scripted({
      authenticate: auth('processing'),
      submit: [
        sub('processing'),
        sub('processing'),
        sub('succeeded', { outcome: 'authenticated' }),
      ],
    });
    await expect(run()).resolves.toMatchObject({ status: 'succeeded', outcome: 'authenticated' });
    expect(api.submit).toHaveBeenCalledTimes(3);
    for (const call of api.submit.mock.calls) expect(call[0]).toEqual({ authenticationId: ID });
    const delays = edges.sleep.mock.calls.map(([ms]) => ms);
    expect(delays).toEqual([
      PROCESSING_FIRST_DELAY_MS,
      PROCESSING_FIRST_DELAY_MS * 2,
      PROCESSING_FIRST_DELAY_MS * 4,
    ]);
  });

  it('gives up with timeout at the deadline, never waiting past it', async () => {
    const { api, edges, run } = scripted({
      authenticate: auth('processing'),
      submit: Array.from({ length: 100 }, () => sub('processing')),
    });
    await expect(run()).rejects.toMatchObject({ code: 'timeout' });
    const delays = edges.sleep.mock.calls.map(([ms]) => ms);
    const waited = delays.reduce((a, b) => a + b, 0);
    expect(waited).toBeLessThanOrEqual(PROCESSING_DEADLINE_MS);
    expect(Math.max(...delays)).toBe(PROCESSING_MAX_DELAY_MS);
    expect(api.submit.mock.calls.length).toBe(delays.length);
    expect(api.submit.mock.calls.length).toBeLessThan(20);
  });

  it('processing from submit after fingerprinting continues the same way', async () => {
    const { api, run } = scripted({
      authenticate: auth('requires_submission'),
      submit: [sub('processing'), sub('requires_challenge', { challengeUrl: CH_URL })],
    });
    await expect(run()).resolves.toMatchObject({ status: 'succeeded' });
    expect(api.submit).toHaveBeenCalledTimes(2);
  });
});

describe('flow: errors from the API reach the caller unchanged', () => {
  it.each([
    'unauthorized',
    'unprocessable',
    'server_error',
    'network',
    'timeout',
    'bad_response',
  ] as const)('%s from authenticate', async (code) => {
    const error = new CheckoutError(code, 'boom');
    const { api, run } = scripted({ authenticate: error });
    await expect(run()).rejects.toBe(error);
    expect(api.submit).not.toHaveBeenCalled();
  });
});
