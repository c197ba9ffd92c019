// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { refusal } from '../../testing/refusal';
import type { SubscriptionRow, SubscriptionStatus } from '../kernel/db/schema';
import { nextBillingDate } from './calendar';
import {
  afterCharge,
  dueAt,
  expiry,
  firstPeriod,
  MAX_PAYMENT_ATTEMPTS,
  mustAllow,
  mustBeCustomersCard,
  mustBeSubscribable,
  mustReadSubscriptionsOf,
  RETRY_AFTER_MS,
  TRANSITIONS,
  updated,
} from './rules';
import { MAX_METADATA_KEYS } from './schema';

/** What `run` threw, as the API would answer it. */
const badRequest = (message: string) => ({ statusCode: 400, message, error: 'Bad Request' });

const STATUSES: readonly SubscriptionStatus[] = [
  'pending_activation',
  'active',
  'cancelled',
  'paused',
  'expired',
];
const NOW = new Date('2028-03-10T12:00:00.000Z');

describe('cancel, pause, resume: from which statuses', () => {
  const allowed = (action: keyof typeof TRANSITIONS) =>
    STATUSES.filter((status) => {
      try {
        mustAllow(action, { id: 'sub_x', status });
        return true;
      } catch {
        return false;
      }
    });

  it('cancel from active, paused and pending_activation; pause from active; resume from paused', () => {
    expect(allowed('cancel')).toEqual(['pending_activation', 'active', 'paused']);
    expect(allowed('pause')).toEqual(['active']);
    expect(allowed('resume')).toEqual(['paused']);
  });

  it('any other status: a 400 naming it and the ones allowed', () => {
    expect(refusal(() => mustAllow('cancel', { id: 'sub_x', status: 'expired' }))).toEqual(
      badRequest(
        'subscription sub_x is expired; only active, paused, pending_activation subscriptions can be cancelled',
      ),
    );
    expect(refusal(() => mustAllow('resume', { id: 'sub_x', status: 'active' }))).toEqual(
      badRequest('subscription sub_x is active; only paused subscriptions can be resumed'),
    );
  });

  it('each emits its event; cancel by request, pause and cancel unschedule billing', () => {
    const row = { current_period_end: NOW } as SubscriptionRow;
    expect(TRANSITIONS.cancel.event).toBe('subscription.cancelled');
    expect(TRANSITIONS.cancel.change(row, NOW)).toEqual({
      status: 'cancelled',
      cancelled_at: NOW,
      cancellation_type: 'requested',
      next_billing_at: null,
      paused_at: null,
    });
    expect(TRANSITIONS.pause.event).toBe('subscription.paused');
    expect(TRANSITIONS.pause.change(row, NOW)).toEqual({
      status: 'paused',
      paused_at: NOW,
      next_billing_at: null,
    });
  });

  it('resume: billing at the end of the paid period, or now once it has passed; failures forgotten', () => {
    const later = new Date(NOW.getTime() + 5 * RETRY_AFTER_MS);
    const ahead = TRANSITIONS.resume.change({ current_period_end: later } as SubscriptionRow, NOW);
    expect(ahead).toEqual({
      status: 'active',
      paused_at: null,
      next_billing_at: later,
      failed_attempts: 0,
    });
    const past = TRANSITIONS.resume.change({ current_period_end: NOW } as SubscriptionRow, later);
    expect(past.next_billing_at).toEqual(later);
    expect(TRANSITIONS.resume.event).toBe('subscription.activated');
  });
});

describe('updated: the update of a subscription', () => {
  const row = { status: 'active' as const, billing_day: 5, metadata: { keep: 'a', drop: 'b' } };

  it('metadata merged key by key (null removes one); the billing day kept unless given', () => {
    expect(updated(row, { metadata: { drop: null, add: 'c' } })).toEqual({
      billingDay: 5,
      metadata: { keep: 'a', add: 'c' },
    });
    expect(updated(row, { billingDay: 31 })).toEqual({ billingDay: 31, metadata: row.metadata });
  });

  it('only an active subscription', () => {
    for (const status of STATUSES.filter((s) => s !== 'active')) {
      expect(refusal(() => updated({ ...row, status }, { billingDay: 1 }))).toEqual(
        badRequest('only active subscriptions can be updated'),
      );
    }
  });

  it(`at most ${MAX_METADATA_KEYS} keys once merged`, () => {
    const full = Object.fromEntries(
      Array.from({ length: MAX_METADATA_KEYS }, (_, i) => [`k${i}`, 'v']),
    );
    expect(updated({ ...row, metadata: full }, { metadata: { k0: 'w' } }).metadata.k0).toBe('w');
    expect(
      refusal(() => updated({ ...row, metadata: full }, { metadata: { one: 'more' } })),
    ).toEqual(badRequest(`metadata would have more than ${MAX_METADATA_KEYS} keys once merged`));
  });
});

describe('creation', () => {
  const plan = {
    id: 'plan_x',
    status: 'active' as const,
    payment_methods: ['credit_card' as const],
    end_date: null,
  };

  it('a plan may be subscribed to while active, taking cards and not ended', () => {
    expect(() => mustBeSubscribable(plan, NOW)).not.toThrow();
    expect(() =>
      mustBeSubscribable({ ...plan, end_date: new Date(NOW.getTime() + 1) }, NOW),
    ).not.toThrow();
    expect(refusal(() => mustBeSubscribable({ ...plan, status: 'inactive' }, NOW))).toEqual(
      badRequest('subscription plan plan_x is inactive: activate it before subscribing'),
    );
    expect(refusal(() => mustBeSubscribable({ ...plan, payment_methods: ['pix'] }, NOW))).toEqual(
      badRequest('subscription plan plan_x does not accept credit_card'),
    );
    expect(refusal(() => mustBeSubscribable({ ...plan, end_date: NOW }, NOW))).toEqual(
      badRequest(`subscription plan plan_x ended at ${NOW.toISOString()}`),
    );
  });

  it("a saved card is the customer's own or no one's", () => {
    expect(() => mustBeCustomersCard(undefined, 'cus_a')).not.toThrow();
    expect(() => mustBeCustomersCard('cus_a', 'cus_a')).not.toThrow();
    expect(refusal(() => mustBeCustomersCard('cus_b', 'cus_a'))).toEqual(
      badRequest('paymentMethod.cardTokenId is a card of another customer'),
    );
  });

  it("a list reads another merchant's subscriptions only if it is the caller's sub-merchant", () => {
    expect(() => mustReadSubscriptionsOf('mer_sub', true)).not.toThrow();
    expect(refusal(() => mustReadSubscriptionsOf('mer_other', false))).toEqual({
      statusCode: 403,
      message: 'Forbidden',
      error: 'merchantId mer_other is neither this merchant nor one of its sub-merchants',
    });
  });

  const monthly = { recurrenceType: 'monthly', recurrenceInterval: null } as const;

  it('first charge paid: active for a period from now, on the chosen day or today', () => {
    const first = firstPeriod(NOW, monthly, undefined, true);
    expect(first.events).toEqual(['subscription.created', 'subscription.activated']);
    const end = nextBillingDate(NOW, monthly, 10);
    expect(first.row).toEqual({
      status: 'active',
      billing_day: 10,
      current_period_start: NOW,
      current_period_end: end,
      next_billing_at: end,
      failed_attempts: 0,
    });
    expect(firstPeriod(NOW, monthly, 20, true).row.billing_day).toBe(20);
  });

  it('first charge declined: pending_activation, one failed attempt, tried again a day later', () => {
    const first = firstPeriod(NOW, monthly, 10, false);
    expect(first.events).toEqual(['subscription.created', 'subscription.payment_failed']);
    expect(first.row).toMatchObject({
      status: 'pending_activation',
      next_billing_at: new Date(NOW.getTime() + RETRY_AFTER_MS),
      failed_attempts: 1,
    });
  });
});

type Row = Parameters<typeof afterCharge>[0];

const JAN_31 = new Date('2028-01-31T10:00:00.000Z');
const FEB_29 = new Date('2028-02-29T10:00:00.000Z');
const row = (overrides: Partial<Row>): Row => ({
  status: 'active',
  billing_day: 31,
  current_period_end: JAN_31,
  next_billing_at: JAN_31,
  failed_attempts: 0,
  recurrence_type: 'monthly',
  recurrence_interval: null,
  plan_end_date: null,
  ...overrides,
});
const paid = { id: 'ch_paid', status: 'paid' } as const;
const failed = { id: 'ch_failed', status: 'failed' } as const;
const monthly = { recurrenceType: 'monthly', recurrenceInterval: null } as const;

describe('renewals: what a payment that fell due does to the subscription', () => {
  it('due at next_billing_at, else at the end of the period', () => {
    const later = new Date(JAN_31.getTime() + RETRY_AFTER_MS);
    expect(dueAt(row({ next_billing_at: later }))).toEqual(later);
    expect(dueAt(row({ next_billing_at: null }))).toEqual(JAN_31);
  });

  it('a plan ended by then: expired, nothing charged', () => {
    expect(expiry(row({}), JAN_31)).toBeUndefined();
    expect(expiry(row({ plan_end_date: FEB_29 }), JAN_31)).toBeUndefined();
    expect(expiry(row({ plan_end_date: JAN_31 }), JAN_31)).toEqual({
      change: { status: 'expired', next_billing_at: null, updated_at: JAN_31 },
      events: ['subscription.expired'],
    });
  });

  it('paid on time: the next period, from the end of the paid one (31 → 29 February in a leap year)', () => {
    const step = afterCharge(row({}), JAN_31, paid);
    expect(step.events).toEqual(['subscription.renewed']);
    expect(step.change).toMatchObject({
      current_period_start: JAN_31,
      current_period_end: FEB_29,
      next_billing_at: FEB_29,
      failed_attempts: 0,
      refunded: false,
      latest_charge_id: 'ch_paid',
    });
  });

  it('a retry paid two days late: the period still starts at the end of the paid one', () => {
    const late = new Date(JAN_31.getTime() + 2 * RETRY_AFTER_MS);
    const step = afterCharge(row({ failed_attempts: 2, next_billing_at: late }), late, paid);
    expect(step.events).toEqual(['subscription.renewed']);
    expect(step.change).toMatchObject({ current_period_start: JAN_31, current_period_end: FEB_29 });
  });

  it('a pending subscription paid on a retry: activated, its first period from then', () => {
    const at = new Date('2028-02-03T10:00:00.000Z');
    const step = afterCharge(row({ status: 'pending_activation', failed_attempts: 2 }), at, paid);
    expect(step.events).toEqual(['subscription.activated']);
    expect(step.change).toMatchObject({
      status: 'active',
      current_period_start: at,
      current_period_end: nextBillingDate(at, monthly, 31),
      failed_attempts: 0,
    });
  });

  it('declined with attempts left: tried again a day later, nothing else moves', () => {
    const step = afterCharge(row({ failed_attempts: 1 }), JAN_31, failed);
    expect(step.events).toEqual(['subscription.payment_failed']);
    expect(step.change).toEqual({
      latest_charge_id: 'ch_failed',
      failed_attempts: 2,
      next_billing_at: new Date(JAN_31.getTime() + RETRY_AFTER_MS),
      updated_at: JAN_31,
    });
  });

  it('cancelled after the 4th failed attempt, not before', () => {
    expect(MAX_PAYMENT_ATTEMPTS).toBe(4);
    expect(afterCharge(row({ failed_attempts: 2 }), JAN_31, failed).change.status).toBeUndefined();
    const fourth = afterCharge(row({ failed_attempts: 3 }), JAN_31, failed);
    expect(fourth.change).toMatchObject({ status: 'cancelled', failed_attempts: 4 });
  });

  it('declined on the last attempt, or no charge could be made: cancelled (payment_failed)', () => {
    const last = row({ failed_attempts: MAX_PAYMENT_ATTEMPTS - 1 });
    for (const charge of [failed, undefined]) {
      const step = afterCharge(last, JAN_31, charge);
      expect(step.events).toEqual(['subscription.payment_failed', 'subscription.cancelled']);
      expect(step.change).toMatchObject({
        status: 'cancelled',
        cancellation_type: 'payment_failed',
        cancelled_at: JAN_31,
        next_billing_at: null,
        failed_attempts: MAX_PAYMENT_ATTEMPTS,
      });
      expect('latest_charge_id' in step.change).toBe(charge !== undefined);
    }
  });
});
