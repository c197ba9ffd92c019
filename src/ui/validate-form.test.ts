import { describe, expect, it } from 'vitest';
import {
  type CardFormValues,
  cardFieldErrors,
  digitsOf,
  fullYear,
  paddedMonth,
  securityCodeError,
} from './validate-form';

const NOW = new Date(2030, 5, 15); // 15 June 2030
const VALID: CardFormValues = {
  number: '4111 1111 1111 1111',
  name: 'Ana Souza',
  month: '06',
  year: '30',
  cvv: '123',
};
const keysOf = (values: Partial<CardFormValues>) =>
  Object.fromEntries(
    Object.entries(cardFieldErrors({ ...VALID, ...values }, NOW)).map(([field, error]) => [
      field,
      error?.key,
    ]),
  );

describe('validate-form helpers', () => {
  it.each([
    ['7', '07'],
    ['1', '01'],
    ['9', '09'],
    ['0', '0'],
    ['12', '12'],
    ['', ''],
  ])('paddedMonth(%o) → %o', (month, padded) => {
    expect(paddedMonth(month)).toBe(padded);
  });

  it.each([
    ['31', '2031'],
    ['2031', '2031'],
    ['3', '3'],
    ['203', '203'],
    ['', ''],
  ])('fullYear(%o) → %o', (year, full) => {
    expect(fullYear(year)).toBe(full);
  });

  it('digitsOf keeps digits only', () => {
    expect(digitsOf(' 4111-1111 a')).toBe('41111111');
  });
});

describe('cardFieldErrors', () => {
  it('finds nothing wrong with a valid card, this month included', () => {
    expect(cardFieldErrors(VALID, NOW)).toEqual({});
    expect(keysOf({ month: '6', year: '2030' })).toEqual({});
  });

  it('reports every field at once, in the order of the form', () => {
    const errors = cardFieldErrors({ number: '', name: ' ', month: '', year: '', cvv: '' }, NOW);
    expect(Object.keys(errors)).toEqual(['number', 'name', 'month', 'year', 'cvv']);
    expect(Object.values(errors).map((error) => error?.key)).toEqual(Array(5).fill('required'));
  });

  it.each([
    [{ month: '05' }, { year: 'expired' }],
    [{ month: '12', year: '29' }, { year: 'expired' }],
    [{ month: '13' }, { month: 'monthInvalid' }],
    [{ month: '13', year: '20' }, { month: 'monthInvalid' }], // no expiry verdict on a bad month
    [{ year: '1999' }, { year: 'yearInvalid' }],
    [{ number: '4111 1111 1111 1112' }, { number: 'numberInvalid' }],
    [{ number: '378282246310005' }, { cvv: 'cvvInvalid' }],
    [{ cvv: '12a' }, { cvv: 'cvvInvalid' }],
  ])('%o → %o', (values, expected) => {
    expect(keysOf(values)).toEqual(expected);
  });

  it('says how many digits the security code needs', () => {
    expect(securityCodeError('12', 'visa')).toEqual({ key: 'cvvInvalid', digits: 3 });
    expect(securityCodeError('123', 'amex')).toEqual({ key: 'cvvInvalid', digits: 4 });
    expect(securityCodeError('1234', 'amex')).toBeUndefined();
    expect(securityCodeError('123', undefined)).toBeUndefined();
  });
});
