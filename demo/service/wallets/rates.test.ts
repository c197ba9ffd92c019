import { describe, expect, it } from 'vitest';
import { toUsdCents } from './rates';

describe('toUsdCents', () => {
  it.each([
    [500_00, 'BRL', 100_00],
    [1_000_00, 'BRL', 200_00],
    [12_34, 'USD', 12_34],
    [100_00, 'EUR', 108_00],
    [100_00, 'GBP', 127_00],
    [1_000_000_00, 'ARS', 1_000_00],
    [100_00, 'MXN', 5_80],
    [1_000_000_00, 'CLP', 1_100_00],
    [4_000_000_00, 'COP', 1_000_00],
    [100_00, 'PEN', 27_00],
    [100_00, 'UYU', 2_50],
    [7_77, 'JPY', 7_77],
  ])('%i cents of %s are %i US cents', (cents, currency, usd) => {
    expect(toUsdCents(cents, currency)).toBe(usd);
  });

  it('rounds half-up to the cent, halves away from zero (negative balances too)', () => {
    expect(toUsdCents(2_50, 'BRL')).toBe(50);
    expect(toUsdCents(2_52, 'BRL')).toBe(50); // 50.4
    expect(toUsdCents(2_53, 'BRL')).toBe(51); // 50.6
    expect(toUsdCents(1_00, 'MXN')).toBe(6); // 5.8
    expect(toUsdCents(2, 'UYU')).toBe(0); // 0.05
    expect(toUsdCents(20, 'UYU')).toBe(1); // 0.5, a half
    expect(toUsdCents(-20, 'UYU')).toBe(-1);
    expect(toUsdCents(-2_53, 'BRL')).toBe(-51);
    expect(toUsdCents(0, 'BRL')).toBe(0);
  });

  it('stays exact past 2^53 micro-dollars', () => {
    expect(toUsdCents(9_000_000_000_000_00, 'GBP')).toBe(11_430_000_000_000_00);
  });
});
