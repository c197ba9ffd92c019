import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHALLENGE_IN } from '../challenge-container';
import type { MountContext } from '../checkout';
import { CheckoutError } from '../errors';
import { applePayOptions, fakeApplePaySession } from '../test-support/apple-pay';
import {
  codeForStatus,
  conforms,
  type Endpoint,
  errorReply,
  FUZZ_SEED,
  isJsonLabel,
  jsonContentType,
  known,
  nearlyValid,
  notTheSpec,
  okStatus,
  parsedAsTheClientSees,
  type Reply,
  reply,
  SHAPES,
  toResponse,
  validBody,
} from '../test-support/arbitraries';
import { validRequest } from '../test-support/fixtures';
import { collectBrowserInfo } from '../threeds/browser-info';
import type {
  AuthenticationResult,
  ChargePayload,
  MountOptions,
  WalletPaymentMethod,
} from '../types';
import { pay } from '../ui/pay';
import { startApplePay, validToken } from '../wallet/apple-pay';
import { createApiClient } from './client';

/**
 * Hostile-world fuzz of every answer the engine parses: the three 3DS endpoints' bodies (2xx and
 * error statuses), a managed charge's `nextAction` and an Apple Pay token. The outcome is always
 * a value of the spec's shape or a typed `CheckoutError`, settled within the request timeout.
 * Seeds are fixed so CI sees the same bodies every run.
 */

const SEED = FUZZ_SEED;
// Hundreds of runs per test: fine on an idle machine, over the default 5 s on a loaded CI one.
vi.setConfig({ testTimeout: 60_000 });
const TIMEOUT_MS = 5_000;
const ENDPOINT_RUNS = { valid: 150, nearlyValid: 250, notTheSpec: 150, errorStatus: 150 };
const RUNS = { ...ENDPOINT_RUNS, nextAction: 300, token: 500, tokenRun: 150 };
const PER_ENDPOINT = Object.values(ENDPOINT_RUNS).reduce((a, b) => a + b, 0);
const ENDPOINTS: Endpoint[] = ['authenticate', 'submit', 'challengeResult'];
const fuzzed: Record<string, number> = {};
const count = (what: string) => {
  fuzzed[what] = (fuzzed[what] ?? 0) + 1;
};

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
beforeAll(() => process.on('unhandledRejection', onUnhandled));
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
  expect(unhandled).toEqual([]);
  if (process.env.FUZZ_STATS) console.info('bodies fuzzed (client level):', fuzzed);
  const { nextAction, token, tokenRun } = RUNS;
  const expected = Object.fromEntries(ENDPOINTS.map((e) => [e, PER_ENDPOINT]));
  expect(fuzzed).toEqual({ ...expected, nextAction, token, tokenRun });
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** `promise` must settle before any request timer could fire, and leave no timer behind. */
async function settle(promise: Promise<unknown>): Promise<Outcome> {
  let outcome: Outcome | undefined;
  promise.then(
    (value) => {
      outcome = { ok: true, value };
    },
    (error: unknown) => {
      outcome = { ok: false, error };
    },
  );
  await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
  expect(outcome, 'settled without waiting for the request timeout').toBeDefined();
  expect(vi.getTimerCount()).toBe(0);
  return outcome as Outcome;
}

/** One call of `endpoint`, answered with `answer`. */
function call(endpoint: Endpoint, answer: Reply): Promise<Outcome> {
  count(endpoint);
  const client = createApiClient({
    baseUrl: new URL('https://api.example'),
    publishableKey: 'pk_test_fuzz',
    timeoutMs: TIMEOUT_MS,
    fetch: async () => toResponse(answer),
  });
  const body = endpoint === 'authenticate' ? validRequest() : { authenticationId: 'auth_fuzz' };
  return settle(client[endpoint](body as never, new AbortController().signal));
}

/** The spec's shape → that value, its known members only; anything else → bad_response. */
function expectJudged(endpoint: Endpoint, answer: Reply, outcome: Outcome) {
  const seen = isJsonLabel(answer.contentType)
    ? parsedAsTheClientSees(answer.body)
    : { json: false as const };
  const shape = SHAPES[endpoint];
  if (seen.json && conforms(seen.value, shape)) {
    expect(outcome).toStrictEqual({ ok: true, value: known(seen.value, shape) });
    return;
  }
  expect(outcome.ok).toBe(false);
  const { error } = outcome as { error: unknown };
  expect(error).toBeInstanceOf(CheckoutError);
  expect(error).toMatchObject({ code: 'bad_response', statusCode: answer.status });
}

describe.each(ENDPOINTS)('%s: any answer → its shape or a typed error', (endpoint) => {
  const shape = SHAPES[endpoint];
  const judged = (answers: fc.Arbitrary<Reply>, numRuns: number, valid = false) =>
    fc.assert(
      fc.asyncProperty(answers, async (answer) => {
        const outcome = await call(endpoint, answer);
        if (valid) expect(outcome.ok).toBe(true);
        expectJudged(endpoint, answer, outcome);
      }),
      { seed: SEED, numRuns },
    );

  it(`${RUNS.valid} valid bodies (any 2xx, a JSON content type, unknown members) resolve`, async () => {
    await judged(reply(okStatus, validBody(shape), jsonContentType), RUNS.valid, true);
  });

  it(`${RUNS.nearlyValid} bodies with one member broken match the spec-derived oracle`, async () => {
    await judged(reply(okStatus, nearlyValid(shape)), RUNS.nearlyValid);
  });

  it(`${RUNS.notTheSpec} answers not the spec's JSON → bad_response (a BOM is dropped, as browsers do)`, async () => {
    await judged(reply(okStatus, notTheSpec(shape)), RUNS.notTheSpec);
  });

  it(`${RUNS.errorStatus} error statuses with any body → the README's code, statusCode, message`, async () => {
    await fc.assert(
      fc.asyncProperty(errorReply, async (answer) => {
        const outcome = await call(endpoint, answer);
        expect(outcome.ok).toBe(false);
        const { error } = outcome as { error: CheckoutError };
        expect(error).toBeInstanceOf(CheckoutError);
        expect(error).toMatchObject({
          code: codeForStatus(answer.status),
          statusCode: answer.status,
        });
        const seen = parsedAsTheClientSees(answer.body);
        if (seen.json && conforms(seen.value, SHAPES.error))
          expect(error.message).toBe(seen.value.message);
        else expect(error.message).toContain(String(answer.status));
      }),
      { seed: SEED, numRuns: RUNS.errorStatus },
    );
  });
});

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

describe("a managed charge's nextAction (the merchant's server passes it on)", () => {
  const charges = fc.oneof(
    validBody(SHAPES.authenticate).map((next) => ({
      id: 'ch_1',
      status: 'authentication_required',
      nextAction: { type: 'three_ds', ...next },
    })),
    nearlyValid(SHAPES.authenticate).map((next) => ({
      status: 'authentication_required',
      nextAction: next,
    })),
    fc.record(
      {
        status: fc.constantFrom('paid', 'authentication_required', 'failed', 'pending'),
        nextAction: fc.anything(),
      },
      { requiredKeys: [] },
    ),
    fc.anything(),
  );

  it(`${RUNS.nextAction} charges → paid, the parsed nextAction run, or never paid`, async () => {
    await fc.assert(
      fc.asyncProperty(charges, async (charge) => {
        count('nextAction');
        const authentication: AuthenticationResult = { authenticationId: 'a', status: 'succeeded' };
        const continueAuthentication = vi.fn(async () => authentication);
        const context = {
          continueAuthentication,
          browserInfo: () => collectBrowserInfo({}),
          challengeIn: () => undefined, // no challengeContainer: the modal
          options: {},
        } as unknown as MountContext;
        const options: MountOptions = {
          amount: 10,
          currency: 'BRL',
          threeDS: 'managed',
          onCharge: async () => charge,
          onResume: vi.fn(async () => ({ status: 'paid' })),
          onError: vi.fn(),
        };
        const card = { ...validRequest().card, cvv: '123' };
        const signal = new AbortController().signal;
        const outcome = await settle(pay(context, options, { card, installments: 1 }, signal));
        const { status, nextAction: next } = isRecord(charge) ? charge : {};
        const needs3ds =
          status !== 'paid' &&
          (status === 'authentication_required' || (isRecord(next) && next.type === 'three_ds'));
        if (status === 'paid' || (needs3ds && conforms(next, SHAPES.authenticate))) {
          expect(outcome).toEqual({ ok: true, value: { kind: 'paid' } });
          const runs = needs3ds
            ? [
                [
                  known(next as Record<string, unknown>, SHAPES.authenticate),
                  { signal, [CHALLENGE_IN]: undefined },
                ],
              ]
            : [];
          expect(continueAuthentication.mock.calls).toStrictEqual(runs);
          return;
        }
        // Never paid: a charge needing 3DS without a usable nextAction, a failed one, or the rest.
        const code = needs3ds ? 'bad_response' : status === 'failed' ? 'declined' : 'configuration';
        const error = expect.objectContaining({ code });
        expect(outcome).toEqual({ ok: true, value: { kind: 'error', error } });
        expect(options.onError).toHaveBeenCalledWith(error);
        expect(continueAuthentication).not.toHaveBeenCalled();
      }),
      { seed: SEED, numRuns: RUNS.nextAction },
    );
  });
});

describe('an Apple Pay token (the wallet hands it over)', () => {
  const filled = fc.string({ minLength: 1, maxLength: 30 });
  const goodToken = fc.record({
    paymentData: fc.record({
      data: filled,
      signature: filled,
      version: fc.constantFrom('EC_v1', 'RSA_v1'),
      header: fc.object({ maxDepth: 1 }),
    }),
    paymentMethod: fc.object({ maxDepth: 1 }),
    transactionIdentifier: filled,
  });
  const MEMBERS = 'data signature version header paymentData paymentMethod transactionIdentifier';
  const broken = fc
    .tuple(
      goodToken,
      fc.constantFrom(...MEMBERS.split(' ')),
      fc.constantFrom(undefined, '', 0, null, [], 'x', {}, true),
    )
    .map(([token, member, value]) => {
      const copy: Record<string, unknown> = { ...token, paymentData: { ...token.paymentData } };
      const owner =
        member in token.paymentData ? (copy.paymentData as Record<string, unknown>) : copy;
      if (value === undefined) delete owner[member];
      else owner[member] = value;
      return copy;
    });
  const tokens = fc.oneof(goodToken, broken, fc.anything());
  const nonEmpty = (v: unknown) => typeof v === 'string' && v !== '';
  /** The spec's required members, strings not empty (the README's rule). */
  const acceptable = (t: unknown) =>
    isRecord(t) &&
    isRecord(t.paymentData) &&
    ['data', 'signature', 'version'].every((k) =>
      nonEmpty((t.paymentData as Record<string, unknown>)[k]),
    ) &&
    isRecord(t.paymentData.header) &&
    isRecord(t.paymentMethod) &&
    nonEmpty(t.transactionIdentifier);

  it(`${RUNS.token} tokens: validToken answers the oracle and never throws`, () => {
    fc.assert(
      fc.property(tokens, (token) => {
        count('token');
        expect(validToken(token)).toBe(acceptable(token));
      }),
      { seed: SEED, numRuns: RUNS.token },
    );
  });

  it(`${RUNS.tokenRun} tokens through a payment: charged as they are, or bad_response`, async () => {
    await fc.assert(
      fc.asyncProperty(tokens, async (token) => {
        count('tokenRun');
        const { Session, sessions } = fakeApplePaySession();
        vi.stubGlobal('ApplePaySession', Session);
        const onCharge = vi.fn(async (_payload: ChargePayload) => ({ id: 'ch_1', status: 'paid' }));
        const o: MountOptions = {
          amount: 10,
          currency: 'BRL',
          applePay: applePayOptions(),
          onCharge,
          onError: vi.fn(),
        };
        const ended = new Promise((end) => startApplePay(o, 14, end, new AbortController().signal));
        sessions[0]?.onpaymentauthorized?.({ payment: { token } });
        const outcome = await settle(ended);
        if (acceptable(token)) {
          expect(outcome).toEqual({ ok: true, value: { kind: 'paid' } });
          const charged = onCharge.mock.calls[0]?.[0].paymentMethod as WalletPaymentMethod;
          expect(charged.wallet.token).toBe(token); // the wallet's object, not a copy
          expect(sessions[0]?.completePayment).toHaveBeenCalledWith(Session.STATUS_SUCCESS);
        } else {
          const error = expect.objectContaining({ code: 'bad_response' });
          expect(outcome).toEqual({ ok: true, value: { kind: 'error', error } });
          expect(onCharge).not.toHaveBeenCalled();
          expect(sessions[0]?.completePayment).toHaveBeenCalledWith(Session.STATUS_FAILURE);
        }
      }),
      { seed: SEED, numRuns: RUNS.tokenRun },
    );
  });
});
