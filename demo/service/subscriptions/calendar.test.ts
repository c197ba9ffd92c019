import { describe, expect, it } from 'vitest';
import { daysInMonth, nextBillingDate, onBillingDay, type Recurrence } from './calendar';

const monthly: Recurrence = { recurrenceType: 'monthly', recurrenceInterval: null };
const custom = (months: number): Recurrence => ({
  recurrenceType: 'custom',
  recurrenceInterval: months,
});
const at = (iso: string) => new Date(iso);
const iso = (date: Date) => date.toISOString();

describe('daysInMonth', () => {
  it('knows February in leap and common years (every 4, not every 100, every 400)', () => {
    expect(daysInMonth(2024, 1)).toBe(29);
    expect(daysInMonth(2025, 1)).toBe(28);
    expect(daysInMonth(1900, 1)).toBe(28);
    expect(daysInMonth(2000, 1)).toBe(29);
    expect(daysInMonth(2025, 3)).toBe(30);
    expect(daysInMonth(2025, 11)).toBe(31);
  });
});

describe('onBillingDay', () => {
  it('clamps to the month’s last day, keeps the time of day, crosses years', () => {
    const from = at('2025-01-31T13:45:00.000Z');
    expect(iso(onBillingDay(from, 1, 31))).toBe('2025-02-28T13:45:00.000Z');
    expect(iso(onBillingDay(at('2024-01-31T13:45:00.000Z'), 1, 31))).toBe(
      '2024-02-29T13:45:00.000Z',
    );
    expect(iso(onBillingDay(from, 2, 31))).toBe('2025-03-31T13:45:00.000Z');
    expect(iso(onBillingDay(from, 3, 31))).toBe('2025-04-30T13:45:00.000Z');
    expect(iso(onBillingDay(at('2025-11-15T00:00:00.000Z'), 2, 10))).toBe(
      '2026-01-10T00:00:00.000Z',
    );
  });
});

describe('nextBillingDate', () => {
  it('weekly and biweekly: 7 and 14 days, whatever the billing day', () => {
    const start = at('2025-02-25T08:00:00.000Z');
    const weekly: Recurrence = { recurrenceType: 'weekly', recurrenceInterval: null };
    const biweekly: Recurrence = { recurrenceType: 'biweekly', recurrenceInterval: null };
    expect(iso(nextBillingDate(start, weekly, 31))).toBe('2025-03-04T08:00:00.000Z');
    expect(iso(nextBillingDate(start, biweekly, 1))).toBe('2025-03-11T08:00:00.000Z');
  });

  it('monthly on day 31: January 31 → February 28, then March 31 (back to the day)', () => {
    const feb = nextBillingDate(at('2025-01-31T10:00:00.000Z'), monthly, 31);
    expect(iso(feb)).toBe('2025-02-28T10:00:00.000Z');
    expect(iso(nextBillingDate(feb, monthly, 31))).toBe('2025-03-31T10:00:00.000Z');
  });

  it('monthly on day 31 in a leap year: February 29', () => {
    const feb = nextBillingDate(at('2028-01-31T10:00:00.000Z'), monthly, 31);
    expect(iso(feb)).toBe('2028-02-29T10:00:00.000Z');
    expect(iso(nextBillingDate(feb, monthly, 31))).toBe('2028-03-31T10:00:00.000Z');
  });

  it('monthly on day 29 through a common February: the 28th, then the 29th again', () => {
    const feb = nextBillingDate(at('2027-01-29T00:00:00.000Z'), monthly, 29);
    expect(iso(feb)).toBe('2027-02-28T00:00:00.000Z');
    expect(iso(nextBillingDate(feb, monthly, 29))).toBe('2027-03-29T00:00:00.000Z');
  });

  it('a first period before the billing day ends on it the same month; after it, next month', () => {
    expect(iso(nextBillingDate(at('2025-05-05T12:00:00.000Z'), monthly, 20))).toBe(
      '2025-05-20T12:00:00.000Z',
    );
    expect(iso(nextBillingDate(at('2025-05-25T12:00:00.000Z'), monthly, 20))).toBe(
      '2025-06-20T12:00:00.000Z',
    );
    expect(iso(nextBillingDate(at('2025-12-25T12:00:00.000Z'), monthly, 20))).toBe(
      '2026-01-20T12:00:00.000Z',
    );
  });

  it('custom: every n months on the billing day, clamped, across years', () => {
    const start = at('2025-11-30T09:00:00.000Z');
    const next = nextBillingDate(start, custom(3), 30);
    expect(iso(next)).toBe('2026-02-28T09:00:00.000Z');
    expect(iso(nextBillingDate(next, custom(3), 30))).toBe('2026-05-30T09:00:00.000Z');
    expect(iso(nextBillingDate(at('2024-02-29T00:00:00.000Z'), custom(12), 29))).toBe(
      '2025-02-28T00:00:00.000Z',
    );
    expect(iso(nextBillingDate(at('2025-01-05T00:00:00.000Z'), custom(2), 20))).toBe(
      '2025-02-20T00:00:00.000Z',
    );
    expect(iso(nextBillingDate(at('2025-01-05T00:00:00.000Z'), custom(24), 5))).toBe(
      '2027-01-05T00:00:00.000Z',
    );
  });

  it('refuses a billing day outside 1–31 and a custom plan without an interval', () => {
    const start = at('2025-01-01T00:00:00.000Z');
    expect(() => nextBillingDate(start, monthly, 0)).toThrow(RangeError);
    expect(() => nextBillingDate(start, monthly, 32)).toThrow(RangeError);
    expect(() => nextBillingDate(start, monthly, 1.5)).toThrow(RangeError);
    expect(() =>
      nextBillingDate(start, { recurrenceType: 'custom', recurrenceInterval: null }, 1),
    ).toThrow(/interval/);
  });
});
