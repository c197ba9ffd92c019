import { describe, expect, it } from 'vitest';
import { brazilianDocument, documentCharacters, maskDocument } from './br-document';

// Vectors shared with the sandbox's own copy of the rules (demo/service/customers/br-documents.test.ts).
describe('CPF', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    ['52998224725', '52998224725'],
    ['111.444.777-35', '11144477735'],
    ['123.456.789-09', '12345678909'],
    ['390 533 447 05', '39053344705'],
    ['987.654.321-00', '98765432100'],
  ])('%s is a CPF, sent as %s', (typed, id) => {
    expect(brazilianDocument(typed)).toEqual({ type: 'cpf', id });
  });

  it.each([
    '529.982.247-24', // second check digit off by one
    '529.982.247-15', // first check digit wrong
    '52998224752', // check digits swapped
    '111.111.111-11', // repeated digits pass mod 11 but are no one's
    '000.000.000-00',
    '5299822472', // 10 digits
    '529.982.247-2A', // a letter in a check digit
  ])('%s is refused', (typed) => {
    expect(brazilianDocument(typed)).toBeUndefined();
  });
});

describe('CNPJ', () => {
  it.each([
    ['11.222.333/0001-81', '11222333000181'],
    ['11.444.777/0001-61', '11444777000161'],
    ['00.000.000/0001-91', '00000000000191'],
    // The alphanumeric example the Receita Federal published for the July 2026 format.
    ['12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['12abc34501de35', '12ABC34501DE35'],
  ])('%s is a CNPJ, sent as %s', (typed, id) => {
    expect(brazilianDocument(typed)).toEqual({ type: 'cnpj', id });
  });

  it.each([
    '11.222.333/0001-82',
    '11.222.333/0001-18',
    '12.ABC.345/01DE-36',
    '12.ABD.345/01DE-35',
    '12.ABC.345/01DE-3A', // check digits are digits
    '00.000.000/0000-00',
    '11.222.333/0001-8', // 13 characters
  ])('%s is refused', (typed) => {
    expect(brazilianDocument(typed)).toBeUndefined();
  });

  it('values a letter at its ASCII code minus 48 (A = 17), not at 10 as in hexadecimal', () => {
    // 12ABC34501DE: weights 5 4 3 2 9 8 7 6 5 4 3 2 over 1 2 17 18 19 3 4 5 0 1 20 21:
    // 5+8+51+36+171+24+28+30+0+4+60+42 = 459; 459 mod 11 = 8 → 11 − 8 = 3.
    // With the first digit 3: weights 6 5 4 3 2 9 8 7 6 5 4 3 2 →
    // 6+10+68+54+38+27+32+35+0+5+80+63+6 = 424; 424 mod 11 = 6 → 11 − 6 = 5. Hence …35.
    expect(brazilianDocument('12ABC34501DE35')?.type).toBe('cnpj');
    // With A = 10 … E = 14 the first sum would be 5+8+30+22+108+24+28+30+0+4+39+28 = 326,
    // 326 mod 11 = 7 → 4: no CNPJ 12ABC34501DE4_ may pass.
    for (const last of '0123456789') {
      expect(brazilianDocument(`12ABC34501DE4${last}`)).toBeUndefined();
    }
  });
});

describe('masks as typed', () => {
  it.each([
    ['5', '5'],
    ['529', '529'],
    ['5299', '529.9'],
    ['5299822', '529.982.2'],
    ['5299822472', '529.982.247-2'],
    ['52998224725', '529.982.247-25'],
    ['529.982.247-25', '529.982.247-25'],
    // A twelfth character makes it a CNPJ.
    ['112223330001', '11.222.333/0001'],
    ['11222333000181', '11.222.333/0001-81'],
    // A letter makes it a CNPJ at once.
    ['12a', '12.A'],
    ['12abc34501de35', '12.ABC.345/01DE-35'],
    ['12.ABC.345/01DE-35999', '12.ABC.345/01DE-35'],
    ['', ''],
  ])('%s → %s', (typed, masked) => {
    expect(maskDocument(typed)).toBe(masked);
  });

  it('keeps letters and digits only, in capitals, 14 at most', () => {
    expect(documentCharacters(' 12.abç/345-01de-35xyz')).toBe('12AB34501DE35X');
  });
});
