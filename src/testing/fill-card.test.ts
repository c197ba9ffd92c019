// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { expiryOf } from './fill-card';

describe("fillCard's expiry", () => {
  it('takes MM/YY, MM/YYYY, or month and year, padding a one-digit month', () => {
    expect(expiryOf({ number: '4', expiry: '3/31' })).toEqual({ month: '03', year: '31' });
    expect(expiryOf({ number: '4', expiry: '12/2031' })).toEqual({ month: '12', year: '2031' });
    expect(expiryOf({ number: '4', expirationMonth: 7, expirationYear: 2030 })).toEqual({
      month: '07',
      year: '2030',
    });
  });

  it('defaults to December four years from now', () => {
    expect(expiryOf({ number: '4' })).toEqual({
      month: '12',
      year: String(new Date().getFullYear() + 4),
    });
  });

  it('refuses an expiry it cannot read, or half of month and year', () => {
    expect(() => expiryOf({ number: '4', expiry: '2031-12' })).toThrow(
      'secure-checkout/testing: fillCard\'s expiry must be MM/YY or MM/YYYY, not "2031-12"',
    );
    expect(() => expiryOf({ number: '4', expirationMonth: 12 })).toThrow(
      'fillCard needs expirationMonth and expirationYear together',
    );
  });
});
