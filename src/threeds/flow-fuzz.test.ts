import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTHENTICATE_STATUSES, OUTCOMES, SUBMIT_STATUSES } from '../api/schemas';
import {
  CHALLENGE_DEADLINE_MS,
  CHALLENGE_RESULT_ATTEMPTS,
  CHALLENGE_RESULT_RETRY_DELAY_MS,
  PROCESSING_DEADLINE_MS,
} from '../constants';
import { CheckoutError } from '../errors';
import {
  anyString,
  codeForStatus,
  conforms,
  type Endpoint,
  FUZZ_SEED,
  isSafeUrl,
  parsedAsTheClientSees,
  type Reply,
  reply,
  SHAPES,
  safeUrl,
  stepReply,
  urlValue,
  validBody,
} from '../test-support/arbitraries';
import {
  checkoutWithEvents,
  drive,
  expectNothingLeft,
  fakeService,
  json,
  muteFrameLoadErrors,
  recordCreated,
} from '../test-support/fake-service';
import { challengeResult, validRequest } from '../test-support/fixtures';
import { post, useFrameTestEnvironment } from '../test-support/frames';
import type { AuthenticationResult, CheckoutEvent } from '../types';

/**
 * The whole flow against a service whose every answer is fuzzed: `createCheckout().authenticate()`
 * with fuzzed authenticate, submit and challenge-result bodies, and frames that answer, stay
 * silent or get closed. Always a terminal result of the public shape or a `CheckoutError` with a
 * code the script explains; settled within the flow's bounds; nothing left behind.
 */

const SEED = FUZZ_SEED;
// Hundreds of runs per test: fine on an idle machine, over the default 5 s on a loaded CI one.
vi.setConfig({ testTimeout: 60_000 });
const RUNS = { anyFirst: 300, onwardFirst: 450 };
const ID = 'auth_fuzz';
const FP_TIMEOUT_MS = 1_000;
/** Every wait of one flow at most once: fingerprint, processing, challenge, retries. */
const BOUND_MS =
  FP_TIMEOUT_MS +
  PROCESSING_DEADLINE_MS +
  CHALLENGE_DEADLINE_MS +
  CHALLENGE_RESULT_RETRY_DELAY_MS * CHALLENGE_RESULT_ATTEMPTS ** 2;

interface Script {
  authenticate: Reply;
  submit: Reply[];
  challengeResult: Reply[];
  fingerprint: 'answer' | 'noise' | 'silence';
  challenge: 'complete' | 'close' | 'escape' | 'silence';
}

const id = fc.oneof(
  { weight: 15, arbitrary: fc.constant(ID) },
  { weight: 1, arbitrary: anyString },
);
const maybeUrl = fc.option(urlValue, { freq: 4, nil: undefined });
/** Mostly the statuses that lead somewhere, so later steps get fuzzed too. */
const statusOf = (all: readonly string[], onward: string[]) =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...onward) }, fc.constantFrom(...all));
const ONWARD = ['requires_challenge', 'succeeded', 'processing'];

/** Scripts whose first answer comes from `authenticate`; every later one is fuzzed. */
const scriptsFrom = (authenticate: fc.Arbitrary<Reply>): fc.Arbitrary<Script> =>
  fc.record({
    authenticate,
    submit: fc.array(
      stepReply(SHAPES.submit, {
        authenticationId: id,
        status: statusOf(SUBMIT_STATUSES, ONWARD),
        challengeUrl: maybeUrl,
      }),
      { maxLength: 4 },
    ),
    challengeResult: fc.array(stepReply(SHAPES.challengeResult), { minLength: 1, maxLength: 3 }),
    fingerprint: fc.constantFrom('answer', 'answer', 'noise', 'silence'),
    challenge: fc.constantFrom('complete', 'complete', 'close', 'escape', 'silence'),
  });

const anyFirst = stepReply(SHAPES.authenticate, {
  authenticationId: id,
  status: statusOf(AUTHENTICATE_STATUSES, ['requires_submission', ...ONWARD]),
  fingerprintingUrl: maybeUrl,
  challengeUrl: maybeUrl,
});
/** A valid first answer that leads on, so submit and challenge-result bodies get fuzzed more. */
const onwardFirst = reply(
  fc.constant(200),
  validBody(SHAPES.authenticate, {
    authenticationId: fc.constant(ID),
    status: fc.constantFrom('requires_submission', ...ONWARD),
    fingerprintingUrl: fc.option(safeUrl, { freq: 4, nil: undefined }),
    challengeUrl: safeUrl,
  }),
);

/** Once a script's answers run out, the service settles the authentication. */
const FALLBACK = {
  submit: json({ authenticationId: ID, status: 'failed', outcome: 'denied' }),
  challengeResult: json(challengeResult()),
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The codes a script can explain; anything else (`configuration` above all) is a bug. */
function explainedCodes(script: Script): Set<string> {
  const codes = new Set(['bad_response']);
  if (script.challenge === 'silence') codes.add('timeout');
  for (const answer of script.challengeResult)
    if (answer.status >= 400) codes.add(codeForStatus(answer.status));
  for (const answer of [script.authenticate, ...script.submit]) {
    if (answer.status >= 400) codes.add(codeForStatus(answer.status));
    const seen = parsedAsTheClientSees(answer.body);
    if (!seen.json || !isRecord(seen.value)) continue;
    for (const key of ['fingerprintingUrl', 'challengeUrl'])
      if (key in seen.value && !isSafeUrl(seen.value[key])) codes.add('insecure_url');
  }
  return codes;
}

/** Loadable by the README's rule: https:, or http: on localhost, no credentials. */
function loadable(src: string | null): boolean {
  const url = new URL(src ?? '');
  const local = url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname);
  return (url.protocol === 'https:' || local) && !url.username && !url.password;
}

/** Plays the script's part of the frames: answers, noise from elsewhere, a click, Esc, or nothing. */
const playFrames =
  (script: Script, id: unknown) =>
  (frame: HTMLIFrameElement, dialog: HTMLDialogElement | null): boolean => {
    const origin = new URL(frame.src).origin;
    if (dialog) {
      if (script.challenge === 'complete')
        post({ type: 'challenge_complete', authenticationId: id }, origin, frame.contentWindow);
      if (script.challenge === 'close') dialog.querySelector('button')?.click();
      if (script.challenge === 'escape')
        dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
      return script.challenge !== 'silence';
    }
    if (script.fingerprint === 'noise')
      post('ZnV6eg==', 'https://evil.example', frame.contentWindow);
    if (script.fingerprint === 'answer') post('ZnV6eg==', origin, frame.contentWindow);
    return script.fingerprint === 'answer';
  };

function expectPublicShape(result: AuthenticationResult, script: Script, events: CheckoutEvent[]) {
  const { authenticationId } = result;
  expect(parsedAsTheClientSees(script.authenticate.body)).toMatchObject({
    value: { authenticationId },
  });
  expect(['succeeded', 'failed', 'error', 'canceled']).toContain(result.status);
  for (const key of Object.keys(result))
    expect(['authenticationId', 'status', 'outcome', 'threeDS']).toContain(key);
  if (result.outcome !== undefined) expect(OUTCOMES).toContain(result.outcome);
  if (result.threeDS !== undefined) {
    expect(conforms(result.threeDS, SHAPES.challengeResult)).toBe(true);
    expect(Object.keys(result.threeDS)).toHaveLength(SHAPES.challengeResult.length);
  }
  expect(events.at(-1)).toMatchObject({ type: 'result', status: result.status });
  // The whole number, not a prefix: a millisecond timestamp may contain "4111".
  expect(JSON.stringify(events)).not.toMatch(/cryptogram|4111 ?1111 ?1111 ?1111|Ana Souza/);
}

const tally = { bodies: { authenticate: 0, submit: 0, challengeResult: 0 }, outcomes: {} };
const outcomes: Record<string, number> = tally.outcomes;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => process.on('unhandledRejection', onUnhandled));
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
  if (process.env.FUZZ_STATS) console.info('whole flow:', JSON.stringify(tally));
});

describe('the whole flow against a fuzzed service', () => {
  const liveListeners = useFrameTestEnvironment();
  beforeEach(() => {
    muteFrameLoadErrors();
  });

  /** One script, start to end, with every assertion of the suite. */
  async function play(script: Script, created: Element[]) {
    document.body.replaceChildren();
    created.length = 0;
    vi.useFakeTimers();
    const service = fakeService(
      {
        authenticate: [script.authenticate],
        submit: script.submit,
        challengeResult: script.challengeResult,
      },
      FALLBACK,
    );
    const { checkout, events } = checkoutWithEvents({ fingerprintTimeoutMs: FP_TIMEOUT_MS });
    try {
      const first = parsedAsTheClientSees(script.authenticate.body);
      const id = first.json && isRecord(first.value) ? first.value.authenticationId : undefined;
      const flow = checkout.authenticate(validRequest());
      const { outcome, elapsed } = await drive(flow, playFrames(script, id));
      expect(elapsed).toBeLessThanOrEqual(BOUND_MS);
      for (const [endpoint, n] of Object.entries(service.served))
        tally.bodies[endpoint as Endpoint] += n;
      if (outcome.ok) {
        expectPublicShape(outcome.value, script, events);
        outcomes[outcome.value.status] = (outcomes[outcome.value.status] ?? 0) + 1;
      } else {
        expect(outcome.error).toBeInstanceOf(CheckoutError);
        const { code } = outcome.error as CheckoutError;
        expect([...explainedCodes(script)]).toContain(code);
        expect(events.at(-1)).toMatchObject({ type: 'error', code });
        outcomes[code] = (outcomes[code] ?? 0) + 1;
      }
      for (const frame of created) expect(loadable(frame.getAttribute('src'))).toBe(true);
      expectNothingLeft(liveListeners);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      checkout.destroy();
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  }

  it.each([
    ['every answer fuzzed', anyFirst, RUNS.anyFirst],
    ['a valid authenticate answer, every later one fuzzed', onwardFirst, RUNS.onwardFirst],
  ])(
    '%s: a terminal result or an explained CheckoutError, nothing left',
    async (_what, first, numRuns) => {
      const created = recordCreated('iframe');
      await fc.assert(
        fc.asyncProperty(scriptsFrom(first), (script) => play(script, created)),
        { seed: SEED, numRuns },
      );
    },
  );
});
