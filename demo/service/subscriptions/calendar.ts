import type { RecurrenceType } from '../kernel/db/schema';

/**
 * Billing periods. Weekly and biweekly periods are 7 and 14 days; monthly ones fall on the
 * billing day every month, custom ones every `recurrenceInterval` months. A billing day past the
 * end of a shorter month falls on its last day (31 → 28 or 29 in February), and the next month
 * goes back to the billing day itself. Dates are UTC; the time of day is kept.
 */

const DAY_MS = 86_400_000;

export interface Recurrence {
  recurrenceType: RecurrenceType;
  /** Months, for `custom` only. */
  recurrenceInterval: number | null;
}

/** Days in `month` (0–11) of `year`, leap years included. */
export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The date `months` months after `from`'s month, on `billingDay` (or that month's last day). */
export function onBillingDay(from: Date, months: number, billingDay: number): Date {
  const first = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth();
  const day = Math.min(billingDay, daysInMonth(year, month));
  const at = new Date(from);
  at.setUTCFullYear(year, month, day);
  return at;
}

/** Months between charges of a monthly or custom plan; undefined for weekly and biweekly. */
const monthsOf = ({ recurrenceType, recurrenceInterval }: Recurrence): number | undefined => {
  if (recurrenceType === 'monthly') return 1;
  if (recurrenceType === 'custom') {
    if (recurrenceInterval === null || recurrenceInterval < 1) {
      throw new Error('a custom recurrence needs an interval of at least one month');
    }
    return recurrenceInterval;
  }
  return undefined;
};

/**
 * The end of the period that starts at `start` (the next billing date): 7 or 14 days later, or
 * the first billing day within the next `interval` months. A period that starts before its
 * month's billing day (created on the 5th, billing day 20) is shorter than the interval, never
 * longer: monthly, it ends on the 20th of the same month.
 */
export function nextBillingDate(start: Date, recurrence: Recurrence, billingDay: number): Date {
  if (!Number.isInteger(billingDay) || billingDay < 1 || billingDay > 31) {
    throw new RangeError(`billing day must be 1 to 31, not ${billingDay}`);
  }
  if (recurrence.recurrenceType === 'weekly') return new Date(start.getTime() + 7 * DAY_MS);
  if (recurrence.recurrenceType === 'biweekly') return new Date(start.getTime() + 14 * DAY_MS);
  const months = monthsOf(recurrence) ?? 1;
  const thisMonth = onBillingDay(start, 0, billingDay);
  return thisMonth > start
    ? onBillingDay(start, months - 1, billingDay)
    : onBillingDay(start, months, billingDay);
}
