/**
 * Money in the database is integer cents (hundredths of the currency unit); the API speaks
 * decimals in the unit. Integers keep sums and comparisons exact (0.1 + 0.2 is not 0.3 in
 * floating point); bigint cents stay exact as JS numbers up to 2^53 (90 trillion units).
 */

/** 120.5 → 12050; throws on more than two decimal places, negative or non-finite amounts. */
export function toCents(amount: number): number {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`not an amount: ${amount}`);
  const cents = Math.round(amount * 100);
  if (Math.abs(cents - amount * 100) > 1e-6) {
    throw new RangeError(`${amount} has more than two decimal places`);
  }
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${amount} is too large`);
  return cents;
}

/** 12050 → 120.5 (the API's decimal number). */
export const fromCents = (cents: number): number => cents / 100;

/** 12050 → "120.50". */
export const formatCents = (cents: number): string => (cents / 100).toFixed(2);

/** "120.5" → 12050; undefined unless an exact decimal with at most two places. */
export function parseDecimalCents(value: string): number | undefined {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (match === null) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
