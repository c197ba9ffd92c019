// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EVENT_KINDS } from '../kernel/delivery/kinds';
import { ApiError } from '../kernel/http/errors';
import {
  billingDayTomorrow,
  daysUntil,
  endsBeforeRenewal,
  mustHaveSomewhereToGo,
  needsSubMerchant,
  resentChannels,
  subMerchantFor,
  TRIGGER_RECIPES,
} from './rules';

describe('resentChannels: which earlier deliveries a resend copies', () => {
  it('an event’s postback', () => {
    expect(resentChannels('charge.paid')).toEqual(['postback']);
  });

  it('a test event’s endpoint too (it went to that endpoint alone)', () => {
    expect(resentChannels('webhook.test')).toEqual(['postback', 'endpoint']);
  });
});

describe('mustHaveSomewhereToGo', () => {
  it('a resend that queued a delivery passes', () => {
    expect(() => mustHaveSomewhereToGo(1, 'evt_1', 'charge.paid')).not.toThrow();
  });

  it('none: 400 naming the event and its kind', () => {
    let thrown: unknown;
    try {
      mustHaveSomewhereToGo(0, 'evt_1', 'charge.paid');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).body).toEqual({
      statusCode: 400,
      message:
        'event evt_1 has nowhere to go: no enabled endpoint takes charge.paid, and it had no postback',
      error: 'Bad Request',
    });
  });
});

describe('events on demand: the recipes', () => {
  it('every kind an endpoint takes has one; only payouts and status changes need a sub-merchant', () => {
    expect(Object.keys(TRIGGER_RECIPES).sort()).toEqual([...EVENT_KINDS].sort());
    const needing = EVENT_KINDS.filter((kind) => needsSubMerchant(TRIGGER_RECIPES[kind]));
    expect(needing).toEqual([
      'payout.approved',
      'payout.rejected',
      'merchant.approved',
      'merchant.updated',
    ]);
  });

  it('the sub-merchant: the caller when it is one, else the master’s first active one', () => {
    type Account = { kind: 'master' | 'sub'; id: string };
    const master: Account = { kind: 'master', id: 'm' };
    const sub: Account = { kind: 'sub', id: 's' };
    expect(subMerchantFor('payout.approved', sub, undefined)).toBe(sub);
    expect(subMerchantFor('payout.approved', master, sub)).toBe(sub);
    let thrown: unknown;
    try {
      subMerchantFor('merchant.updated', master, undefined);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as ApiError).body).toEqual({
      statusCode: 422,
      message:
        'merchant.updated is about a sub-merchant (its payout or its status): this merchant has no active sub-merchant',
      error: 'Unprocessable Entity',
    });
  });

  it('a renewal one day away: tomorrow’s billing day, across a month’s end too', () => {
    expect(billingDayTomorrow(new Date('2026-03-14T10:00:00Z'))).toBe(15);
    expect(billingDayTomorrow(new Date('2026-01-31T23:59:00Z'))).toBe(1);
    expect(billingDayTomorrow(new Date('2028-02-28T08:00:00Z'))).toBe(29);
  });

  it('whole days until a payment is due, at least one; a plan ending before it', () => {
    const now = new Date('2026-03-14T10:00:00Z');
    expect(daysUntil(new Date('2026-03-15T09:59:59Z'), now)).toBe(1);
    expect(daysUntil(new Date('2026-03-15T10:00:01Z'), now)).toBe(2);
    expect(daysUntil(new Date('2026-03-01T00:00:00Z'), now)).toBe(1);
    expect(endsBeforeRenewal(now)).toEqual(new Date('2026-03-14T11:00:00Z'));
  });
});
