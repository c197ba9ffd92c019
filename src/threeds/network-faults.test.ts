import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../api/client';
import { CHALLENGE_RESULT_ATTEMPTS, CHALLENGE_RESULT_RETRY_DELAY_MS } from '../constants';
import { CheckoutError, type ErrorCode } from '../errors';
import { type Endpoint, toResponse } from '../test-support/arbitraries';
import {
  type Answer,
  answerFrame,
  BASE_URL,
  checkoutWithEvents,
  drive,
  expectNothingLeft,
  fakeService,
  type Handler,
  hanging,
  json,
  muteFrameLoadErrors,
  recordCreated,
  refused,
} from '../test-support/fake-service';
import { challengeResult, validRequest } from '../test-support/fixtures';
import { engineDialog, engineFrames, useFrameTestEnvironment } from '../test-support/frames';
import type { CheckoutEventType } from '../types';

/**
 * Network faults and aborts at every step of the whole flow (fingerprint, submit, challenge,
 * challenge-result), through `createCheckout().authenticate()` with an injected fetch. Each one
 * ends in the README's code, settles, and leaves no frame, dialog, listener or timer behind.
 * The client's own handling of each fault is in src/api/client-errors.test.ts.
 */

const ID = 'auth_net';
const ACS = 'https://acs.example';
const TIMEOUT_MS = 2_000;

/** fingerprint → submit → challenge → challenge-result: every step happens once. */
const happyPath = (): Record<Endpoint, Answer[]> => ({
  authenticate: [
    json({ authenticationId: ID, status: 'requires_submission', fingerprintingUrl: `${ACS}/fp` }),
  ],
  submit: [json({ authenticationId: ID, status: 'requires_challenge', challengeUrl: `${ACS}/ch` })],
  challengeResult: [json(challengeResult())],
});

/** A fetch that never settles and ignores its signal (a page script wrapped it badly). */
const deaf: Handler = () => new Promise<Response>(() => {});
const brokenBody: Handler = async () =>
  ({ ok: true, status: 200, text: () => Promise.reject(new TypeError('network error')) }) as never;
const notAResponse: Handler = async () => null as never;
const throwsAtOnce: Handler = (() => {
  throw new TypeError('Failed to fetch');
}) as Handler;
const status = (code: number): Answer =>
  json({ statusCode: code, message: code === 500 ? 'Internal server error' : 'Bad gateway' }, code);

/** What goes wrong, the README's code for it, the fault, and the HTTP status if there is one. */
const FAULTS: [string, ErrorCode, Answer, number?][] = [
  ['connection refused (fetch rejects with TypeError)', 'network', refused],
  ['fetch throwing synchronously', 'network', throwsAtOnce],
  ['a body that fails half-way', 'network', brokenBody],
  ['a fetch wrapper resolving with null', 'network', notAResponse],
  ['an answer slower than requestTimeoutMs', 'timeout', hanging],
  ['a fetch that ignores its signal and never answers', 'timeout', deaf],
  ['500', 'server_error', status(500), 500],
  ['502', 'server_error', status(502), 502],
  ['503 with an HTML body', 'server_error', { status: 503, body: '<h1>Unavailable</h1>' }, 503],
];

const liveListeners = useFrameTestEnvironment();
beforeEach(() => {
  muteFrameLoadErrors();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The flow on `answers`, frames answered; then what every fault must leave: nothing. */
async function run(answers: Record<Endpoint, Answer[]>) {
  const service = fakeService(answers);
  const { checkout, events } = checkoutWithEvents({ requestTimeoutMs: TIMEOUT_MS });
  const { outcome, elapsed } = await drive(checkout.authenticate(validRequest()), answerFrame(ID));
  expectNothingLeft(liveListeners);
  expect(vi.getTimerCount()).toBe(0);
  return { outcome, elapsed, service, events };
}

function expectError(
  outcome: { ok: boolean; error?: unknown },
  code: ErrorCode,
  statusCode?: number,
) {
  expect(outcome.ok).toBe(false);
  expect(outcome.error).toBeInstanceOf(CheckoutError);
  expect(outcome.error).toMatchObject({ code, ...(statusCode && { statusCode }) });
}

describe.each(['authenticate', 'submit'] as const)('a fault on %s', (endpoint) => {
  it.each(FAULTS)('%s → %s, settled, nothing left', async (_what, code, fault, statusCode) => {
    const answers = happyPath();
    answers[endpoint] = [fault];
    const { outcome, elapsed, service, events } = await run(answers);
    expectError(outcome, code, statusCode);
    expect(events.at(-1)).toMatchObject({ type: 'error', code });
    expect(service.count(endpoint)).toBe(1);
    expect(service.count('challengeResult')).toBe(0);
    expect(elapsed).toBeLessThanOrEqual(TIMEOUT_MS);
  });
});

describe('a fault on challenge-result', () => {
  // The flow waits 1×, 2×… the retry delay between attempts.
  const attempts = CHALLENGE_RESULT_ATTEMPTS;
  const backOff = (CHALLENGE_RESULT_RETRY_DELAY_MS * (attempts - 1) * attempts) / 2;

  it.each(FAULTS)(
    '%s, every time → %s after the retries',
    async (_what, code, fault, statusCode) => {
      const answers = happyPath();
      answers.challengeResult = Array.from({ length: CHALLENGE_RESULT_ATTEMPTS }, () => fault);
      const { outcome, elapsed, service, events } = await run(answers);
      expectError(outcome, code, statusCode);
      expect(events.at(-1)).toMatchObject({ type: 'error', code });
      expect(service.count('challengeResult')).toBe(CHALLENGE_RESULT_ATTEMPTS);
      expect(elapsed).toBeLessThanOrEqual(attempts * TIMEOUT_MS + backOff);
    },
  );

  it.each(FAULTS)('%s (%s) twice, then an answer → succeeded', async (_what, _code, fault) => {
    const answers = happyPath();
    answers.challengeResult = [fault, fault, json(challengeResult())];
    const { outcome, service } = await run(answers);
    expect(outcome).toEqual({
      ok: true,
      value: { authenticationId: ID, status: 'succeeded', threeDS: challengeResult() },
    });
    expect(service.count('challengeResult')).toBe(3);
  });

  it.each([
    ['401', 'unauthorized', json({ statusCode: 401, message: 'Unauthorized' }, 401)],
    ['422', 'unprocessable', json({ statusCode: 422, message: 'sub-merchant is not active' }, 422)],
    ['a body not of the spec', 'bad_response', json({ state: 'success' })],
  ] as const)('%s is not retried → %s', async (_what, code, answer) => {
    const answers = happyPath();
    answers.challengeResult = [answer, json(challengeResult())];
    const { outcome, service } = await run(answers);
    expectError(outcome, code);
    expect(service.count('challengeResult')).toBe(1);
  });
});

/** Where the flow is when it gets aborted: an event it just emitted, or a state it waits in. */
type Service = ReturnType<typeof fakeService>;
type Moment = { event: CheckoutEventType } | { when: (service: Service) => boolean };
interface AbortCase {
  at: string;
  moment: Moment;
  answers?: Partial<Record<Endpoint, Answer[]>>;
  /** A request is in flight at the abort, and must see its signal abort. */
  cancels?: boolean;
}

const inFlight = (endpoint: Endpoint) => (service: Service) => service.count(endpoint) === 1;
const requested = (endpoint: Endpoint) => ({ when: inFlight(endpoint) });
let abortNow = () => {};
/** Aborts the moment this answer arrives, before the flow can act on it. */
const abortingWith =
  (answer: Answer): Handler =>
  async (init) => {
    abortNow();
    return typeof answer === 'function' ? answer(init) : toResponse(answer);
  };

const ABORTS: AbortCase[] = [
  { at: 'before authenticate', moment: { event: 'authenticate:start' } },
  {
    at: 'during authenticate',
    moment: requested('authenticate'),
    answers: { authenticate: [hanging] },
    cancels: true,
  },
  { at: 'before fingerprinting', moment: { event: 'fingerprint:start' } },
  { at: 'during fingerprinting', moment: { when: () => engineFrames().length === 1 } },
  { at: 'before submit', moment: { event: 'fingerprint:complete' } },
  {
    at: 'during submit',
    moment: requested('submit'),
    answers: { submit: [hanging] },
    cancels: true,
  },
  {
    at: 'during the processing back-off',
    moment: requested('authenticate'),
    answers: { authenticate: [json({ authenticationId: ID, status: 'processing' })] },
  },
  {
    at: 'as the answer asking for the challenge arrives',
    moment: { when: () => false },
    answers: { submit: [abortingWith(happyPath().submit[0] as Answer)] },
    cancels: true,
  },
  { at: 'during the challenge', moment: { when: () => engineDialog() !== null } },
  { at: 'before challenge-result', moment: { event: 'challenge:complete' } },
  {
    at: 'during challenge-result',
    moment: requested('challengeResult'),
    answers: { challengeResult: [hanging] },
    cancels: true,
  },
  {
    at: 'during the challenge-result retry back-off',
    moment: requested('challengeResult'),
    answers: { challengeResult: [status(503), json(challengeResult())] },
  },
];

describe.each(['signal', 'destroy()'] as const)('aborted by %s', (how) => {
  it.each(ABORTS.map((c) => [c.at, c] as const))(
    '%s → aborted, settled, nothing left',
    async (_at, { moment, answers, cancels }) => {
      const service = fakeService({ ...happyPath(), ...answers });
      const created = recordCreated('iframe', 'dialog');
      const controller = new AbortController();
      let requestsAtAbort = -1;
      let createdAtAbort = -1;
      abortNow = () => {
        if (requestsAtAbort >= 0) return;
        requestsAtAbort = service.requests.length;
        createdAtAbort = created.length;
        if (how === 'signal') controller.abort();
        else checkout.destroy();
      };
      const { checkout, events } = checkoutWithEvents({
        requestTimeoutMs: TIMEOUT_MS,
        onEvent: (event) => {
          if ('event' in moment && event.type === moment.event) abortNow();
        },
      });
      const flow = checkout.authenticate(validRequest(), { signal: controller.signal });
      const atMoment = () => requestsAtAbort < 0 && 'when' in moment && moment.when(service);
      const { outcome } = await drive(flow, answerFrame(ID), () => {
        if (!atMoment()) return false;
        abortNow();
        return true;
      });

      expect(requestsAtAbort, 'the moment came').toBeGreaterThanOrEqual(0);
      expectError(outcome, 'aborted');
      expect(events.at(-1)).toMatchObject({ type: 'error', code: 'aborted' });
      if (cancels) expect(service.requests[requestsAtAbort - 1]?.signal.aborted).toBe(true);
      // The request the flow was about to make carries an aborted signal: a browser never sends it.
      const later = service.requests.slice(requestsAtAbort);
      expect(later.length).toBeLessThanOrEqual(1);
      for (const request of later) expect(request.signal.aborted).toBe(true);
      expect(created).toHaveLength(createdAtAbort);
      expectNothingLeft(liveListeners);
      expect(vi.getTimerCount()).toBe(0);
    },
  );
});

describe('the client, with a fetch that answers whatever its signal says', () => {
  it('an abort that already happened beats an answer already there → aborted', async () => {
    const client = createApiClient({
      baseUrl: new URL(BASE_URL),
      publishableKey: 'pk_test_hostile',
      timeoutMs: TIMEOUT_MS,
      fetch: async () => toResponse(json(challengeResult())),
    });
    const controller = new AbortController();
    controller.abort();
    const result = client.challengeResult({ authenticationId: ID }, controller.signal);
    await expect(result).rejects.toMatchObject({ code: 'aborted' });
    expect(vi.getTimerCount()).toBe(0);
  });
});
