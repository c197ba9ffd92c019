import { describe, expect, it } from 'vitest';
import { refusal } from '../../testing/refusal';
import type { Customer } from '../customers/schema';
import type { ChallengeResult } from '../kernel/wire-types';
import { SCENARIOS } from '../three-ds/scenarios';
import type { Authentication } from '../three-ds/schema';
import type { Charge, ChargeStatus, NextAction } from './charge';
import {
  amountCentsOf,
  awaitAuthentication,
  awaitedAuthentication,
  finishedAuthentication,
  mustHaveValidItems,
  newCharge,
  refund,
  savedCardMustBeActive,
  settleNew,
  settleResumed,
} from './rules';
import type { NewCharge } from './schema';
import { chargeWire } from './wire';

const AT = new Date('2025-03-01T12:00:00.000Z');
const LATER = new Date('2025-03-01T12:05:00.000Z');
const PLAIN_CARD = '4111111111111111';
const cardOf = (charge: string) => SCENARIOS.find((s) => s.charge === charge)?.card ?? '';

const customer = { id: 'cus_1', name: 'Ana' } as Customer;
const input = {
  amount: 120.5,
  currency: 'BRL',
  customer: { id: 'cus_1' },
  items: [{ type: 'service', name: 'Plan', quantity: 1, amount: 120.5 }],
} as unknown as NewCharge;

const chargeOf = (status: ChargeStatus = 'paid'): Charge => {
  const charge = newCharge({
    id: 'ch_1',
    input,
    amountCents: 12050,
    customer,
    paymentMethod: {
      type: 'credit_card',
      source: 'card',
      brand: 'visa',
      last4: '1111',
      installments: 1,
    },
    at: AT,
  });
  charge.status = status;
  return charge;
};

const threeDS = (state: ChallengeResult['state']) => ({ state }) as ChallengeResult;
const nextAction: NextAction = {
  type: 'three_ds',
  authenticationId: 'auth_1',
  status: 'requires_challenge',
};

/** The ApiError's body `run` throws. */

describe('what a new charge checks', () => {
  it('items of the spec’s types only: 422 otherwise', () => {
    expect(() => mustHaveValidItems(input.items)).not.toThrow();
    const wrong = [{ type: 'spaceship' }] as unknown as NewCharge['items'];
    expect(refusal(() => mustHaveValidItems(wrong))).toEqual({
      statusCode: 422,
      message: 'the items list contains items with invalid type',
      error: 'Unprocessable Entity',
    });
  });

  it('an amount in exact cents, or 400 amount is too large', () => {
    expect(amountCentsOf(120.5)).toBe(12050);
    expect(refusal(() => amountCentsOf(1e20))).toMatchObject({
      statusCode: 400,
      message: 'amount is too large',
    });
  });

  it('a saved card is charged only while active', () => {
    expect(() => savedCardMustBeActive({ id: 'card_1', status: 'active' })).not.toThrow();
    expect(refusal(() => savedCardMustBeActive({ id: 'card_1', status: 'inactive' }))).toEqual({
      statusCode: 422,
      message: 'card card_1 is not active (status inactive); activate it before charging',
      error: 'Unprocessable Entity',
    });
  });
});

describe('settleNew: how a new card charge ends', () => {
  it('paid at its creation: charge.created then charge.paid', () => {
    const charge = chargeOf();
    expect(settleNew(charge, undefined, PLAIN_CARD)).toEqual(['charge.created', 'charge.paid']);
    expect(charge).toMatchObject({ status: 'paid', paidAt: AT });
  });

  it('a merchant that may not bill: failed with its reason, the card untried', () => {
    const charge = chargeOf();
    const events = settleNew(charge, undefined, PLAIN_CARD, true, 'sub_merchant_inactive');
    expect(events).toEqual(['charge.created', 'charge.updated']);
    expect(charge).toMatchObject({ status: 'failed', failureReason: 'sub_merchant_inactive' });
    expect(charge.paidAt).toBeUndefined();
  });

  it('a failed threeDS fails it (three_ds_failed), a successful one is kept', () => {
    const failed = chargeOf();
    settleNew(failed, threeDS('failure'), PLAIN_CARD);
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'three_ds_failed' });
    const paid = chargeOf();
    settleNew(paid, threeDS('success'), PLAIN_CARD);
    expect(paid).toMatchObject({ status: 'paid', threeDS: { state: 'success' } });
  });

  it('the declining issuer’s card: card_declined; the renewals one only merchant-initiated', () => {
    const declined = chargeOf();
    settleNew(declined, undefined, cardOf('declined'));
    expect(declined.failureReason).toBe('card_declined');
    const shopper = chargeOf();
    settleNew(shopper, undefined, cardOf('declines_renewals'), false);
    expect(shopper.status).toBe('paid');
    const renewal = chargeOf();
    settleNew(renewal, undefined, cardOf('declines_renewals'), true);
    expect(renewal.failureReason).toBe('card_declined');
  });

  it('managed 3DS: awaiting its authentication, charge.created alone', () => {
    const charge = chargeOf();
    awaitAuthentication(charge, nextAction);
    expect(settleNew(charge, undefined, PLAIN_CARD)).toEqual(['charge.created']);
    expect(charge).toMatchObject({ status: 'authentication_required', nextAction });
  });
});

describe('resume-3ds', () => {
  it('only a charge awaiting its authentication is resumed', () => {
    const waiting = chargeOf('authentication_required');
    waiting.nextAction = nextAction;
    expect(awaitedAuthentication(waiting)).toBe(nextAction);
    expect(refusal(() => awaitedAuthentication(chargeOf('paid')))).toMatchObject({
      statusCode: 400,
      message: 'charge ch_1 is not awaiting authentication (status paid)',
    });
  });

  it('an authentication not finished refuses the resume', () => {
    const auth = { id: 'auth_1', status: 'requires_challenge' } as Authentication;
    expect(refusal(() => finishedAuthentication(auth))).toMatchObject({
      statusCode: 400,
      message:
        'authentication auth_1 is not finished (status requires_challenge); run its fingerprint, submit and challenge steps first',
    });
  });

  const resumed = (auth: Partial<Authentication>) => {
    const charge = chargeOf('authentication_required');
    charge.nextAction = nextAction;
    const change = settleResumed(charge, auth as Authentication, threeDS('success'), LATER);
    expect(charge.nextAction).toBeUndefined();
    expect(charge.updatedAt).toBe(LATER);
    return change;
  };

  it('succeeded: paid then; failed: three_ds_failed; the declining issuer: card_declined', () => {
    const scenario = { charge: undefined } as unknown as Authentication['scenario'];
    const paid = resumed({ status: 'succeeded', scenario });
    expect(paid.events).toEqual(['charge.paid', 'charge.updated']);
    expect(paid.charge).toMatchObject({ status: 'paid', paidAt: LATER });
    const failed = resumed({ status: 'failed', scenario });
    expect(failed.events).toEqual(['charge.updated']);
    expect(failed.charge.failureReason).toBe('three_ds_failed');
    const declining = { charge: 'declined' } as Authentication['scenario'];
    const declined = resumed({ status: 'succeeded', scenario: declining });
    expect(declined.charge).toMatchObject({ status: 'failed', failureReason: 'card_declined' });
  });
});

describe('refund', () => {
  it('a paid charge is refunded at the time given, with charge.refunded', () => {
    const change = refund(chargeOf('paid'), LATER);
    expect(change.events).toEqual(['charge.refunded']);
    expect(change.charge).toMatchObject({
      status: 'refunded',
      refundedAt: LATER,
      updatedAt: LATER,
    });
  });

  it.each<ChargeStatus>(['refunded', 'failed', 'pending', 'authentication_required'])(
    'a %s charge is not: 400',
    (status) => {
      expect(refusal(() => refund(chargeOf(status), LATER))).toMatchObject({
        statusCode: 400,
        message: `only paid charges can be refunded (charge ch_1 is ${status})`,
      });
    },
  );
});

describe('chargeWire: the record as it leaves the service', () => {
  it('a decimal amount and ISO times, in the record’s own order', () => {
    const charge = chargeOf();
    settleNew(charge, threeDS('success'), PLAIN_CARD);
    charge.pix = { qrCode: '000201', expiresAt: LATER };
    const wire = chargeWire(charge);
    expect(wire).toMatchObject({
      amount: 120.5,
      createdAt: '2025-03-01T12:00:00.000Z',
      paidAt: '2025-03-01T12:00:00.000Z',
      pix: { qrCode: '000201', expiresAt: '2025-03-01T12:05:00.000Z' },
    });
    expect(Object.keys(wire)).toEqual([
      'id',
      'amount',
      'currency',
      'status',
      'livemode',
      'customer',
      'paymentMethod',
      'items',
      'createdAt',
      'updatedAt',
      'threeDS',
      'paidAt',
      'pix',
    ]);
  });
});
