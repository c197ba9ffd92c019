import { describe, expect, it } from 'vitest';
import type { Charge } from '../charges/store';
import { nextBillingDate } from './calendar';
import { afterCharge, MAX_PAYMENT_ATTEMPTS, RETRY_AFTER_MS } from './renewals';

type Row = Parameters<typeof afterCharge>[0];

const JAN_31 = new Date('2028-01-31T10:00:00.000Z');
const FEB_29 = new Date('2028-02-29T10:00:00.000Z');
const row = (overrides: Partial<Row>): Row =>
  ({
    id: 'sub_x',
    status: 'active',
    billing_day: 31,
    current_period_start: new Date('2027-12-31T10:00:00.000Z'),
    current_period_end: JAN_31,
    next_billing_at: JAN_31,
    failed_attempts: 0,
    recurrence_type: 'monthly',
    recurrence_interval: null,
    plan_end_date: null,
    ...overrides,
  }) as Row;
const paid = { id: 'ch_paid', status: 'paid' } as Charge;
const failed = { id: 'ch_failed', status: 'failed' } as Charge;
const monthly = { recurrenceType: 'monthly', recurrenceInterval: null } as const;

describe('afterCharge: what a payment that fell due does to the subscription', () => {
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
