import { describe, expect, it } from 'vitest';
import { refusal as refusalOf } from '../../testing/refusal';
import {
  cardNotFound,
  initialStatus,
  mayBeToken,
  mayDelete,
  mustActivate,
  VALIDATION_CENTS,
} from './rules';

/** The card rules alone, without a database. */

/** The status and message a rule refuses with (its reason phrase aside). */
const refusal = (run: () => unknown) => {
  const body = refusalOf(run);
  return body && { statusCode: body.statusCode, message: body.message };
};

const INVALID = { statusCode: 400, message: 'invalid activation value or card already activated' };

describe('a new card', () => {
  it('is active at once, or pending its validation when a validation amount was charged', () => {
    expect(initialStatus(undefined)).toBe('active');
    expect(initialStatus(137)).toBe('pending_validation');
  });

  it('is validated with 0.01 to 2.00 BRL', () => {
    expect(VALIDATION_CENTS).toEqual({ min: 1, max: 200 });
  });
});

describe('activation', () => {
  const pending = { status: 'pending_validation' as const, validationCents: 123 };

  it('the exact validation amount activates a pending card, with or without its zeros', () => {
    expect(() => mustActivate(pending, '1.23')).not.toThrow();
    expect(() => mustActivate({ ...pending, validationCents: 120 }, '1.2')).not.toThrow();
    expect(() => mustActivate({ ...pending, validationCents: 100 }, '1')).not.toThrow();
  });

  it('another amount, or not an exact two-place decimal: 400', () => {
    expect(refusal(() => mustActivate(pending, '1.24'))).toEqual(INVALID);
    expect(refusal(() => mustActivate(pending, '1.230'))).toEqual(INVALID);
    expect(refusal(() => mustActivate(pending, 'abc'))).toEqual(INVALID);
  });

  it('a card that is not pending its validation: 400, whatever the value', () => {
    expect(
      refusal(() => mustActivate({ status: 'active', validationCents: null }, '1.23')),
    ).toEqual(INVALID);
    expect(
      refusal(() => mustActivate({ status: 'inactive', validationCents: 123 }, '1.23')),
    ).toEqual(INVALID);
  });
});

describe('deletion', () => {
  it('a card no subscription is charged on may be deleted', () => {
    expect(() => mayDelete('card_1', undefined)).not.toThrow();
  });

  it('the card of a subscription, even an ended one, is kept: 400 naming it', () => {
    expect(refusal(() => mayDelete('card_1', { id: 'sub_1', status: 'canceled' }))).toEqual({
      statusCode: 400,
      message:
        'card card_1 is the payment method of subscription sub_1 (canceled); it cannot be deleted',
    });
  });
});

describe('an id that names no card', () => {
  it('is looked up as a token only when shaped like one', () => {
    expect(mayBeToken('tok_abc')).toBe(true);
    expect(mayBeToken('card_abc')).toBe(false);
  });

  it('the tenant’s own token in place of the id: 400 naming its card and where it was given', () => {
    expect(cardNotFound('path parameter id', 'card_9').body).toEqual({
      statusCode: 400,
      message:
        "path parameter id takes the card's id (card_…), not its token (tok_…); the card with this token is card_9",
      error: 'Bad Request',
    });
  });

  it('anything else: the spec’s 404 card not found, naming nothing', () => {
    expect(cardNotFound('paymentMethod.cardTokenId', undefined).body).toEqual({
      statusCode: 404,
      message: 'card not found',
    });
  });
});
