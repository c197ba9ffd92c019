// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  brazilianDocumentIssue,
  cnpjProblem,
  cpfProblem,
  documentProblem,
  isBrazilianDocumentType,
  isValidCnpj,
  isValidCpf,
  normaliseDocument,
  normaliseDocumentId,
} from './br-documents';
import { seedCustomerRows } from './seed';

describe('CPF', () => {
  it.each([
    '529.982.247-25',
    '52998224725',
    '111.444.777-35',
    '123.456.789-09',
    '390 533 447 05',
    '987.654.321-00',
  ])('%s is valid', (id) => {
    expect(isValidCpf(id)).toBe(true);
  });

  it.each([
    ['529.982.247-24', 'its check digits do not match'],
    ['529.982.247-15', 'its check digits do not match'],
    ['52998224752', 'its check digits do not match'],
    ['111.111.111-11', 'all its digits are the same'],
    ['000.000.000-00', 'all its digits are the same'],
    ['5299822472', 'a CPF has 11 digits'],
    ['529982247250', 'a CPF has 11 digits'],
    ['529.982.247-2A', 'a CPF has 11 digits'],
    ['529_982_247_25', 'a CPF has 11 digits'],
    ['', 'a CPF has 11 digits'],
  ])('%s is refused: %s', (id, problem) => {
    expect(documentProblem('cpf', id)).toBe(problem);
  });
});

describe('CNPJ', () => {
  it.each([
    '11.222.333/0001-81',
    '11222333000181',
    '11.444.777/0001-61',
    '00.000.000/0001-91',
    // The alphanumeric example the Receita Federal published for the 2026 format.
    '12.ABC.345/01DE-35',
    '12ABC34501DE35',
    '12.abc.345/01de-35',
  ])('%s is valid', (id) => {
    expect(isValidCnpj(id)).toBe(true);
  });

  it.each([
    ['11.222.333/0001-82', 'its check digits do not match'],
    ['11.222.333/0001-18', 'its check digits do not match'],
    ['12.ABC.345/01DE-36', 'its check digits do not match'],
    ['12.ABD.345/01DE-35', 'its check digits do not match'],
    ['00.000.000/0000-00', 'all its digits are the same'],
    ['11.222.333/0001-8', 'a CNPJ has 12 letters or digits followed by 2 check digits'],
    ['12.ABC.345/01DE-3A', 'a CNPJ has 12 letters or digits followed by 2 check digits'],
    ['12.ABÇ.345/01DE-35', 'a CNPJ has 12 letters or digits followed by 2 check digits'],
    ['529.982.247-25', 'a CNPJ has 12 letters or digits followed by 2 check digits'],
  ])('%s is refused: %s', (id, problem) => {
    expect(documentProblem('cnpj', id)).toBe(problem);
  });

  it('values letters at their ASCII code minus 48 (A = 17), not at their alphabet position', () => {
    // With A = 10 (hexadecimal-style) the example's check digits would differ.
    expect(cnpjProblem('12ABC34501DE35')).toBeUndefined();
    expect(cpfProblem('12ABC34501D')).toBe('a CPF has 11 digits');
  });
});

describe('helpers', () => {
  it('normalises by removing dots, dashes, slashes and spaces and capitalising letters', () => {
    expect(normaliseDocumentId(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
    expect(normaliseDocumentId('529.982.247-25')).toBe('52998224725');
  });

  it('knows the two Brazilian types, in lower case', () => {
    expect(isBrazilianDocumentType('cpf')).toBe(true);
    expect(isBrazilianDocumentType('cnpj')).toBe(true);
    expect(isBrazilianDocumentType('CPF')).toBe(false);
    expect(isBrazilianDocumentType('passport')).toBe(false);
  });

  it('every seeded CPF and CNPJ is valid', () => {
    const checked: Array<[string, string | undefined]> = [];
    for (const row of seedCustomerRows()) {
      const type = row.document_type;
      if (isBrazilianDocumentType(type))
        checked.push([row.id, documentProblem(type, row.document_id)]);
    }
    expect(checked.length).toBeGreaterThan(5);
    expect(checked).toEqual(checked.map(([id]) => [id, undefined]));
  });
});

describe('the rule for a customer input', () => {
  const bra = { country: 'BRA' };
  it('in Brazil a document must be a CPF or a CNPJ; elsewhere other types pass', () => {
    expect(
      brazilianDocumentIssue({ document: { type: 'passport', id: 'X1' }, address: bra }),
    ).toEqual({
      path: ['document', 'type'],
      message: 'must be "cpf" or "cnpj" for a customer in Brazil (address.country BRA)',
    });
    const mex = { country: 'MEX' };
    expect(brazilianDocumentIssue({ document: { type: 'curp', id: 'X1' }, address: mex })).toBe(
      undefined,
    );
    expect(brazilianDocumentIssue({ address: bra })).toBeUndefined();
  });

  it('a CPF or CNPJ is checked whatever the country, its type in any case', () => {
    expect(brazilianDocumentIssue({ document: { type: 'CPF', id: '529.982.247-26' } })).toEqual({
      path: ['document', 'id'],
      message: 'is not a valid CPF: its check digits do not match',
    });
    const mex = { country: 'MEX' };
    expect(
      brazilianDocumentIssue({ document: { type: 'cnpj', id: '11222333000181' }, address: mex }),
    ).toBeUndefined();
  });

  it('leaves an empty id or type to its own error', () => {
    expect(brazilianDocumentIssue({ document: { type: 'cpf', id: ' ' }, address: bra })).toBe(
      undefined,
    );
    expect(brazilianDocumentIssue({ document: { type: '', id: '1' }, address: bra })).toBe(
      undefined,
    );
  });

  it('stores a CPF or CNPJ as lower-case type and bare id; other documents unchanged', () => {
    expect(normaliseDocument({ document: { type: 'CNPJ', id: '12.abc.345/01de-35' } })).toEqual({
      document: { type: 'cnpj', id: '12ABC34501DE35' },
    });
    const passport = { document: { type: 'passport', id: 'ab-12 3' }, name: 'X' };
    expect(normaliseDocument(passport)).toBe(passport);
  });
});
