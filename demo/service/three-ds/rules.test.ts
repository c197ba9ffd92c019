import { describe, expect, it } from 'vitest';
import { refusal as refusalOf } from '../../testing/refusal';
import type { ChallengeResult } from '../kernel/wire-types';
import {
  alreadyUsed,
  type Claim,
  challengeResult,
  completeChallenge,
  mustBeClaimable,
  settled,
  startAuthentication,
  submit,
} from './rules';
import { SCENARIOS } from './scenarios';
import type { Authentication } from './schema';

/** The rules alone, without a database: an authentication in memory, its steps, its claim. */

const cardOf = (name: string): string => {
  const scenario = SCENARIOS.find((candidate) => candidate.name === name);
  if (scenario === undefined) throw new Error(`no scenario ${name}`);
  return scenario.card;
};

const AT = new Date('2030-01-02T03:04:05.000Z');

const start = (scenario: string, amount = 120.5): Authentication =>
  startAuthentication(
    { amount, currency: 'BRL', cardNumber: cardOf(scenario), browserLanguage: 'pt-BR' },
    { merchantId: 'mer_1', cardFingerprint: 'fp-1', at: AT },
  );

/** The ApiError `run` throws: its status and message. */
/** The status and message a rule refuses with (its reason phrase aside). */
const refusal = (run: () => unknown) => {
  const body = refusalOf(run);
  return body && { statusCode: body.statusCode, message: body.message };
};

describe('a new authentication', () => {
  it('keeps the amount in cents and the time it was given; refuses a third decimal place', () => {
    const auth = start('Frictionless success');
    expect(auth.amountCents).toBe(12050);
    expect(auth.createdAt).toEqual(AT);
    expect(auth.merchantId).toBe('mer_1');
    expect(auth.cardFingerprint).toBe('fp-1');
    expect(auth.last4).toBe('0010');
    expect(refusal(() => start('Frictionless success', 10.005))).toEqual({
      statusCode: 400,
      message: 'amount must have at most two decimal places',
    });
  });

  it.each([
    ['Frictionless success', 'succeeded', 'authenticated'],
    ['Fingerprint then frictionless', 'requires_submission', undefined],
    ['Direct challenge', 'requires_challenge', undefined],
    ['Processing then success', 'processing', undefined],
    ['Authentication failed (denied)', 'failed', 'denied'],
    ['3DS error', 'error', 'internal_error'],
    ['Authentication canceled', 'canceled', 'canceled'],
  ])('%s starts %s', (scenario, status, outcome) => {
    const auth = start(scenario);
    expect(auth.status).toBe(status);
    expect(auth.outcome).toBe(outcome);
  });
});

describe('the steps', () => {
  it('submit after the fingerprint: frictionless success, or on to the challenge', () => {
    const frictionless = start('Fingerprint then frictionless');
    expect(submit(frictionless, 'abc=')).toContain('with a fingerprintingResult');
    expect(frictionless).toMatchObject({
      status: 'succeeded',
      outcome: 'authenticated',
      submits: 1,
      fingerprintingResultReceived: true,
    });
    const challenged = start('Fingerprint then challenge');
    expect(submit(challenged, undefined)).toContain('without a fingerprintingResult');
    expect(challenged.status).toBe('requires_challenge');
    expect(challenged.fingerprintingResultReceived).toBe(false);
  });

  it('submit while processing: processing for the scenario’s count, then succeeded', () => {
    const auth = start('Processing then success');
    submit(auth, undefined);
    expect(auth.status).toBe('processing');
    submit(auth, undefined);
    expect(auth).toMatchObject({ status: 'succeeded', outcome: 'authenticated', submits: 2 });
  });

  it('submit on a canceled authentication is a 400; on a finished one, nothing changes', () => {
    expect(refusal(() => submit(start('Authentication canceled'), undefined))?.statusCode).toBe(
      400,
    );
    const done = start('Frictionless success');
    expect(submit(done, undefined)).toBeUndefined();
    expect(done.submits).toBe(0);
  });

  it('the challenge completes once: success, failure, or a cancel (abandoned)', () => {
    const approved = start('Direct challenge');
    expect(completeChallenge(approved, 'success')).toBe(true);
    expect(approved).toMatchObject({ status: 'succeeded', outcome: 'authenticated' });
    expect(completeChallenge(approved, 'failure')).toBe(false);
    expect(approved.challenge).toBe('success');
    const wrong = start('Direct challenge');
    completeChallenge(wrong, 'failure');
    expect(wrong).toMatchObject({ status: 'failed', outcome: 'denied' });
    const canceled = start('Direct challenge');
    completeChallenge(canceled, 'canceled');
    expect(canceled).toMatchObject({ status: 'failed', outcome: 'abandoned' });
    expect(completeChallenge(start('Frictionless success'), 'success')).toBe(false);
  });

  it('challenge-result: 400 while the challenge is pending, the result once final', () => {
    const auth = start('Direct challenge');
    expect(refusal(() => challengeResult(auth))).toEqual({
      statusCode: 400,
      message: `authentication ${auth.id} has no result yet: its challenge has not been completed`,
    });
    completeChallenge(auth, 'success');
    expect(challengeResult(auth)).toMatchObject({ type: '3ds', state: 'success', eci: '05' });
    expect(auth.challengeResultCalls).toBe(2);
  });

  it('challenge-result: the flaky scenario answers 500 on its first call only', () => {
    const auth = start('500 on the first challenge-result');
    expect(refusal(() => challengeResult(auth))?.statusCode).toBe(500);
    expect(challengeResult(auth).state).toBe('success');
  });

  it('settled: failure or error results carry no cryptogram and the not-authenticated ECI', () => {
    expect(settled(start('Processing then success'))).toBeUndefined();
    expect(settled(start('Authentication failed (denied)'))).toMatchObject({
      state: 'failure',
      cryptogram: '',
      eci: '07',
    });
    expect(settled(start('3DS error'))?.state).toBe('error');
    expect(settled(start('Card not enrolled'))).toMatchObject({ state: 'unenrolled', eci: '07' });
  });
});

describe('a charge’s threeDS is used once, for its card, amount and currency', () => {
  const finished = (): { auth: Authentication; claim: Claim } => {
    const auth = start('Frictionless success');
    const threeDS = settled(auth) as ChallengeResult;
    return {
      auth,
      claim: { threeDS, cardFingerprint: 'fp-1', amountCents: 12050, currency: 'BRL' },
    };
  };
  const refused = (auth: Authentication | undefined, claim: Claim) =>
    refusal(() => mustBeClaimable(auth, claim));

  it('a finished authentication whose result the claim repeats may be used', () => {
    const { auth, claim } = finished();
    expect(() => mustBeClaimable(auth, claim)).not.toThrow();
  });

  it('no authentication of the merchant: 422', () => {
    expect(refused(undefined, finished().claim)).toEqual({
      statusCode: 422,
      message: 'threeDS does not match any authentication of this merchant',
    });
  });

  it('used already: 422 naming the charge that used it; after a lost race, without one', () => {
    const { auth, claim } = finished();
    auth.usedByChargeId = 'ch_first';
    expect(refused(auth, claim)).toEqual({
      statusCode: 422,
      message: 'threeDS was already used by charge ch_first',
    });
    expect(alreadyUsed().body.message).toBe('threeDS was already used');
  });

  it('not finished: 422', () => {
    const { claim } = finished();
    expect(refused(start('Direct challenge'), claim)?.message).toBe(
      'threeDS belongs to an authentication that is not finished',
    );
  });

  it('another card, amount or currency: 422', () => {
    const { auth, claim } = finished();
    expect(refused(auth, { ...claim, cardFingerprint: 'fp-2' })?.message).toBe(
      'threeDS was issued for another card',
    );
    const otherAmount = 'threeDS was issued for another amount or currency';
    expect(refused(auth, { ...claim, amountCents: 12051 })?.message).toBe(otherAmount);
    expect(refused(auth, { ...claim, currency: 'USD' })?.message).toBe(otherAmount);
  });

  it('values that differ from the result are named, one or several', () => {
    const { auth, claim } = finished();
    expect(refused(auth, { ...claim, threeDS: { ...claim.threeDS, eci: '06' } })?.message).toBe(
      "threeDS.eci does not match the authentication's result",
    );
    const twice = { ...claim.threeDS, state: 'failure' as const, cryptogram: 'x' };
    expect(refused(auth, { ...claim, threeDS: twice })?.message).toBe(
      "threeDS.state, threeDS.cryptogram do not match the authentication's result",
    );
  });
});
