import { describe, expect, it } from 'vitest';
import { chargeOutcome, finalOutcome } from './charge-outcome';
import { CheckoutError } from './errors';

const NEXT_ACTION = { type: 'three_ds', authenticationId: 'auth_7', status: 'requires_challenge' };

/** The outcome as plain data: an error by its code and message. */
const summary = (charge: unknown, judge = chargeOutcome) => {
  const outcome = judge(charge);
  if (outcome.kind !== 'error') return outcome;
  expect(outcome.error).toBeInstanceOf(CheckoutError);
  return { kind: 'error', code: outcome.error.code, message: outcome.error.message };
};

describe('chargeOutcome: the charge the merchant resolves with decides', () => {
  it.each([
    [{ id: 'ch_1', status: 'paid' }, { kind: 'paid' }],
    [
      { status: 'authentication_required', nextAction: NEXT_ACTION },
      {
        kind: 'authenticate',
        nextAction: { authenticationId: 'auth_7', status: 'requires_challenge' },
      },
    ],
    [{ status: 'failed' }, { kind: 'error', code: 'declined', message: 'The charge failed' }],
    [
      { status: 'failed', failureReason: 'card_declined' },
      { kind: 'error', code: 'declined', message: 'The charge failed: card_declined' },
    ],
    [
      { status: 'failed', failureReason: { html: '<b>' } },
      { kind: 'error', code: 'declined', message: 'The charge failed' },
    ],
    [{ status: 'pending', pix: {} }, { kind: 'pending' }],
    [
      { status: 'weird' },
      {
        kind: 'error',
        code: 'configuration',
        message: 'The charge is weird, not paid',
      },
    ],
    [
      { status: 'authentication_required' },
      {
        kind: 'error',
        code: 'bad_response',
        message: 'The charge needs 3DS but has no valid nextAction',
      },
    ],
  ])('%o → %o', (charge, expected) => {
    expect(summary(charge)).toEqual(expected);
  });

  it.each([{}, undefined, null, 'paid', 42, { status: 1 }, []])(
    '%o (no status string) → configuration',
    (charge) => {
      expect(summary(charge)).toEqual({
        kind: 'error',
        code: 'configuration',
        message: 'onCharge and onResume must resolve with the charge',
      });
    },
  );
});

describe('finalOutcome: no 3DS can follow', () => {
  it('a charge asking for 3DS is a configuration error; the others as chargeOutcome', () => {
    expect(
      summary({ status: 'authentication_required', nextAction: NEXT_ACTION }, finalOutcome),
    ).toEqual({
      kind: 'error',
      code: 'configuration',
      message: 'The charge needs 3DS, which cannot run here',
    });
    expect(finalOutcome({ status: 'paid' })).toEqual({ kind: 'paid' });
    expect(summary({ status: 'pending' }, finalOutcome)).toEqual({
      kind: 'error',
      code: 'configuration',
      message: 'The charge is pending, not paid: only a PIX payment waits for the shopper',
    });
    expect(summary({ status: 'failed' }, finalOutcome)).toMatchObject({ code: 'declined' });
  });
});
