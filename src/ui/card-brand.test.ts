import { describe, expect, it } from 'vitest';
import { isCardNumber } from '../api/card-rules';
import {
  BRAND_NAMES,
  type CardBrand,
  cardLengths,
  cvvLength,
  detectBrand,
  formatCardNumber,
} from './card-brand';

/** Luhn-valid numbers of every brand: published test cards, or a real BIN with a check digit. */
const NUMBERS: [CardBrand, string][] = [
  ['visa', '4111111111111111'],
  ['visa', '4012888888881881'],
  ['visa', '4000000000000000006'],
  ['mastercard', '5555555555554444'],
  ['mastercard', '2223003122003222'],
  ['amex', '378282246310005'],
  ['amex', '371449635398431'],
  ['diners', '30569309025904'],
  ['diners', '36227206271667'],
  ['diners', '38520000000003'],
  ['discover', '6011111111111117'],
  ['discover', '6445644564456445'],
  ['discover', '6221260000000000'],
  ['jcb', '3530111333300000'],
  ['jcb', '3566002020360505'],
  ['elo', '6362970000457013'],
  ['elo', '6363680000000007'],
  ['elo', '5067230000000002'],
  ['elo', '5090000000000000'],
  ['elo', '4011780000000006'],
  ['elo', '4011790000000005'],
  ['elo', '4389350000000002'],
  ['elo', '6277800000000006'],
  ['elo', '6500320000000004'],
  ['elo', '6504870000000004'],
  ['elo', '6516520000000001'],
  ['elo', '6550210000000006'],
  ['hipercard', '6062825624254001'],
  ['hipercard', '3841001111222233'],
  ['hipercard', '3841400000000009'],
  ['hipercard', '3841600000000000008'],
  ['hipercard', '6370950000000005'],
];

describe('detectBrand', () => {
  it.each(NUMBERS)('knows %s from %s', (brand, number) => {
    expect(isCardNumber(number)).toBe(true);
    expect(detectBrand(number)).toBe(brand);
    expect(cardLengths(brand)).toContain(number.length);
  });

  it.each([
    ['4011780000000006', 'elo', 'visa'],
    ['4389350000000002', 'elo', 'visa'],
    ['6504870000000004', 'elo', 'discover'],
    ['6550210000000006', 'elo', 'discover'],
    ['3841001111222233', 'hipercard', 'diners'],
    ['3841400000000009', 'hipercard', 'diners'],
  ] as const)('reads %s as %s over the wider %s', (number, brand, wider) => {
    // Five digits are still the wider brand; the sixth completes the Brazilian BIN.
    expect(detectBrand(number.slice(0, 5))).toBe(wider);
    expect(detectBrand(number.slice(0, 6))).toBe(brand);
    expect(detectBrand(number)).toBe(brand);
  });

  it('keeps the wider brand until the Brazilian BIN is complete', () => {
    expect(detectBrand('40117')).toBe('visa');
    expect(detectBrand('401177')).toBe('visa');
    expect(detectBrand('401180')).toBe('visa');
    expect(detectBrand('6504')).toBe('discover');
    expect(detectBrand('650034')).toBe('discover');
    expect(detectBrand('650599')).toBe('discover');
    expect(detectBrand('655020')).toBe('discover');
    expect(detectBrand('3841')).toBe('diners');
    expect(detectBrand('384101')).toBe('diners');
  });

  it.each([
    ['', undefined],
    ['3', undefined],
    ['5', undefined],
    ['6', undefined],
    ['60', undefined],
    ['62', undefined],
    ['63', undefined],
    ['4', 'visa'],
    ['2', 'mastercard'],
    ['22', 'mastercard'],
    ['222', 'mastercard'],
    ['2221', 'mastercard'],
    ['27', 'mastercard'],
    ['2720', 'mastercard'],
    ['51', 'mastercard'],
    ['55', 'mastercard'],
    ['34', 'amex'],
    ['37', 'amex'],
    ['30', 'diners'],
    ['305', 'diners'],
    ['36', 'diners'],
    ['35', 'jcb'],
    ['3528', 'jcb'],
    ['3589', 'jcb'],
    ['601', 'discover'],
    ['64', 'discover'],
    ['644', 'discover'],
    ['65', 'discover'],
    ['622', 'discover'],
    ['50', 'elo'],
    ['5067', 'elo'],
    ['509', 'elo'],
    ['636', 'elo'],
    ['6277', 'elo'],
    ['606', 'hipercard'],
    ['637', 'hipercard'],
    ['384', 'diners'],
  ] as const)('reads the partial number %j as %s', (digits, brand) => {
    expect(detectBrand(digits)).toBe(brand);
  });

  it.each([
    '1234567890123456',
    '2220999999999999',
    '2721000000000000',
    '56',
    '59',
    '306',
    '3527',
    '3590',
    '6012',
    '643',
    '622125',
    '622926',
    '627781',
  ])('knows no brand for %s', (digits) => {
    expect(detectBrand(digits)).toBeUndefined();
  });

  it('ignores spaces and other characters', () => {
    expect(detectBrand('5067 23')).toBe('elo');
    expect(detectBrand('4011-78')).toBe('elo');
    expect(detectBrand(' 3 7 ')).toBe('amex');
  });
});

describe('formatCardNumber', () => {
  it.each([
    ['4', '4'],
    ['4111', '4111'],
    ['41111', '4111 1'],
    ['4111111111111111', '4111 1111 1111 1111'],
    ['4000000000000000006', '4000 0000 0000 0000 006'],
    ['5555555555554444', '5555 5555 5555 4444'],
    ['6362970000457013', '6362 9700 0045 7013'],
    ['3841001111222233', '3841 0011 1122 2233'],
    ['3530111333300000', '3530 1113 3330 0000'],
    ['3782', '3782'],
    ['37828', '3782 8'],
    ['3782822463', '3782 822463'],
    ['37828224631', '3782 822463 1'],
    ['378282246310005', '3782 822463 10005'],
    ['30569309025904', '3056 930902 5904'],
    ['3622720627166712', '3622 7206 2716 6712'],
  ])('groups %s as %j', (input, shown) => {
    expect(formatCardNumber(input)).toBe(shown);
  });

  it.each([
    ['3782822463100059999', '3782 822463 10005'],
    ['55555555555544449', '5555 5555 5555 4444'],
    ['63629700004570139', '6362 9700 0045 7013'],
    ['41111111111111111111', '4111 1111 1111 1111 111'],
    ['60110000000000000000', '6011 0000 0000 0000 000'],
    ['305693090259041234567', '3056 9309 0259 0412 345'],
    ['99999999999999999999', '9999 9999 9999 9999 999'],
  ])('stops %s at the brand’s longest length', (input, shown) => {
    expect(formatCardNumber(input)).toBe(shown);
  });

  it('keeps only the digits of what was typed or pasted', () => {
    expect(formatCardNumber('4111 1111-1111.1111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber(' 3782 822463 10005 ')).toBe('3782 822463 10005');
    expect(formatCardNumber('4111 ')).toBe('4111');
    expect(formatCardNumber('abc')).toBe('');
    expect(formatCardNumber('')).toBe('');
  });

  it('is stable when fed its own output', () => {
    for (const [, number] of NUMBERS) {
      const shown = formatCardNumber(number);
      expect(shown.replace(/ /g, '')).toBe(number);
      expect(formatCardNumber(shown)).toBe(shown);
    }
  });
});

describe('cvvLength', () => {
  it.each([
    ['amex', 4],
    ['visa', 3],
    ['mastercard', 3],
    ['elo', 3],
    ['hipercard', 3],
    ['diners', 3],
    ['discover', 3],
    ['jcb', 3],
    [undefined, 3],
  ] as const)('is %i digits for %s', (brand, length) => {
    expect(cvvLength(brand)).toBe(length);
  });
});

describe('cardLengths', () => {
  it.each([
    ['visa', [13, 16, 19]],
    ['mastercard', [16]],
    ['amex', [15]],
    ['elo', [16]],
    ['hipercard', [16, 19]],
    ['diners', [14, 16, 19]],
    ['discover', [16, 17, 18, 19]],
    ['jcb', [16, 17, 18, 19]],
    [undefined, [12, 13, 14, 15, 16, 17, 18, 19]],
  ] as const)('lists the lengths of %s', (brand, lengths) => {
    expect(cardLengths(brand)).toEqual(lengths);
  });
});

describe('BRAND_NAMES', () => {
  it('names every brand', () => {
    expect(BRAND_NAMES).toEqual({
      visa: 'Visa',
      mastercard: 'Mastercard',
      amex: 'American Express',
      elo: 'Elo',
      hipercard: 'Hipercard',
      diners: 'Diners Club',
      discover: 'Discover',
      jcb: 'JCB',
    });
  });
});
