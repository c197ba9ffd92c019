import { describe, expect, it } from 'vitest';
import { isCardNumber, isCurrencyCode, isExpired, passesLuhn } from './card-rules';
import { stripSpaces } from './request-schema';

describe('passesLuhn', () => {
  it.each([
    '79927398713', // the textbook example
    '4111111111111111',
    '5555555555554444',
    '378282246310005',
    '6011111111111117',
    '0',
    '00',
    '18',
  ])('accepts %s', (digits) => {
    expect(passesLuhn(digits)).toBe(true);
  });

  it.each(['79927398710', '4111111111111112', '5555555555554445', '378282246310006', '1', '19'])(
    'rejects %s',
    (digits) => {
      expect(passesLuhn(digits)).toBe(false);
    },
  );

  it('doubles every second digit from the right, not from the left', () => {
    // 4111111111111111 passes; swapping the first two digits breaks it only if the weights matter.
    expect(passesLuhn('1411111111111111')).toBe(false);
  });
});

describe('isCardNumber', () => {
  it.each([
    '4111111111111111',
    '5555555555554444',
    '378282246310005',
    '411111111117', // 12 digits
    '4111111111111111110', // 19 digits
  ])('accepts %s', (digits) => {
    expect(isCardNumber(digits)).toBe(true);
  });

  it.each([
    ['11 digits, Luhn-valid', '41111111112'],
    ['20 digits, Luhn-valid', '41111111111111111115'],
    ['Luhn failure', '4111111111111112'],
    ['letters', '4111a11111111111'],
    ['spaces (not stripped here)', '4111 1111 1111 1111'],
    ['empty', ''],
  ])('rejects %s', (_what, digits) => {
    expect(isCardNumber(digits)).toBe(false);
  });
});

describe('stripSpaces', () => {
  it('removes every kind of whitespace', () => {
    expect(stripSpaces(' 4111 1111\t1111\n1111 ')).toBe('4111111111111111');
  });
});

describe('isExpired (valid through the last day of the expiry month)', () => {
  const at = (year: number, monthIndex: number, day = 15) => new Date(year, monthIndex, day, 12);

  it('the expiry month itself is not expired', () => {
    expect(isExpired('06', '2030', at(2030, 5, 1))).toBe(false);
    expect(isExpired('06', '2030', new Date(2030, 5, 30, 23, 59, 59))).toBe(false);
  });

  it('the month after is expired', () => {
    expect(isExpired('06', '2030', new Date(2030, 6, 1, 0, 0, 0))).toBe(true);
  });

  it('December card in December is valid; in January of the next year it is expired', () => {
    expect(isExpired('12', '2030', at(2030, 11, 31))).toBe(false);
    expect(isExpired('12', '2030', at(2031, 0, 1))).toBe(true);
  });

  it('January card in December of the year before is valid', () => {
    expect(isExpired('01', '2031', at(2030, 11))).toBe(false);
  });

  it('January card in January is valid, in February expired', () => {
    expect(isExpired('01', '2031', at(2031, 0))).toBe(false);
    expect(isExpired('01', '2031', at(2031, 1))).toBe(true);
  });

  it('a previous month of the same year is expired', () => {
    expect(isExpired('11', '2030', at(2030, 11))).toBe(true);
  });

  it('a later year is not expired even with an earlier month', () => {
    expect(isExpired('01', '2032', at(2030, 11))).toBe(false);
  });

  it('last year is expired even with a later month', () => {
    expect(isExpired('12', '2029', at(2030, 0))).toBe(true);
  });
});

describe('isCurrencyCode', () => {
  it.each(['BRL', 'USD', 'EUR', 'JPY'])('accepts %s', (code) => {
    expect(isCurrencyCode(code)).toBe(true);
  });

  it.each(['brl', 'Brl', 'BR', 'BRLX', 'XYZ', '', '123', 'B R'])('rejects %s', (code) => {
    expect(isCurrencyCode(code)).toBe(false);
  });
});
