// @vitest-environment node
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import {
  asciiText,
  brCode,
  brCodeAmount,
  crc16,
  field,
  MAX_AMOUNT_CENTS,
  PIX_GUI,
  txidOf,
} from './br-code';
import { evpKeyOf, pixKeyOf } from './payee';

/** A code's top-level fields, id → value (a template's value is fields again). */
function fieldsOf(code: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let at = 0; at < code.length; ) {
    const id = code.slice(at, at + 2);
    const length = Number(code.slice(at + 2, at + 4));
    fields.set(id, code.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

const parsed = (code: string) => {
  const pix = parsePix(code);
  if (hasError(pix)) throw new Error(`pix-utils refused ${code}: ${pix.message}`);
  if (!isStaticPix(pix)) throw new Error(`not a static pix: ${code}`);
  return pix;
};

const SAMPLE = {
  key: '12345678000195',
  amountCents: 12050,
  merchantName: 'Loja Exemplo',
  merchantCity: 'São Paulo',
  txid: '0123456789abcdef01234567',
};

describe('crc16 (CCITT: polynomial 0x1021, initial 0xFFFF)', () => {
  it('the standard check value: "123456789" → 29B1', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('the CRC of a published BR Code example, and 4 upper-case digits always', () => {
    const body =
      '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16(body)).toBe('1D3D');
    expect(crc16('')).toBe('FFFF');
    expect(crc16('A')).toMatch(/^[0-9A-F]{4}$/);
  });
});

describe('brCode', () => {
  it('is read back by pix-utils: CRC valid, key, amount, name, city and txid as given', () => {
    const code = brCode(SAMPLE);
    const pix = parsed(code);
    expect(pix).toMatchObject({
      pixKey: SAMPLE.key,
      transactionAmount: 120.5,
      merchantName: 'LOJA EXEMPLO',
      merchantCity: 'SAO PAULO',
      txid: SAMPLE.txid,
      merchantCategoryCode: '0000',
      transactionCurrency: '986',
      countryCode: 'BR',
    });
  });

  it('has every field of the layout, in order, and the CRC over everything up to 6304', () => {
    const code = brCode(SAMPLE);
    const fields = fieldsOf(code);
    expect([...fields.keys()]).toEqual([
      '00',
      '01',
      '26',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    expect(fieldsOf(fields.get('26') ?? '')).toEqual(
      new Map([
        ['00', PIX_GUI],
        ['01', SAMPLE.key],
      ]),
    );
    expect(fields.get('54')).toBe('120.50');
    expect(fieldsOf(fields.get('62') ?? '')).toEqual(new Map([['05', SAMPLE.txid]]));
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
  });

  it('a changed character breaks the CRC', () => {
    const code = brCode(SAMPLE).replace('120.50', '129.50');
    expect(parsePix(code)).toMatchObject({ error: true, message: 'invalid crc' });
  });

  it('amounts with two decimals, from cents (no floating point on the way)', () => {
    expect(brCodeAmount(100)).toBe('1.00');
    expect(brCodeAmount(30)).toBe('0.30');
    expect(brCodeAmount(1_999_99)).toBe('1999.99');
    expect(brCodeAmount(MAX_AMOUNT_CENTS)).toBe('9999999999.99');
    for (const bad of [0, -1, 1.5, MAX_AMOUNT_CENTS + 1]) {
      expect(() => brCodeAmount(bad)).toThrow(RangeError);
    }
    const largest = parsed(brCode({ ...SAMPLE, amountCents: MAX_AMOUNT_CENTS }));
    expect(largest.transactionAmount).toBe(9999999999.99);
  });

  it('name and city: ASCII capitals without accents, at most 25 and 15 characters', () => {
    expect(asciiText('Loja Exemplo Comércio Eletrônico Ltda', 25)).toBe(
      'LOJA EXEMPLO COMERCIO ELE',
    );
    expect(asciiText('Florianópolis do Sul', 15)).toBe('FLORIANOPOLIS D');
    expect(asciiText('  Café   & Cia™  ', 25)).toBe('CAFE & CIA');
    const pix = parsed(
      brCode({ ...SAMPLE, merchantName: 'Açaí da Praça — Ção', merchantCity: 'São João del-Rei' }),
    );
    expect(pix.merchantName).toBe('ACAI DA PRACA CAO');
    expect(pix.merchantCity).toBe('SAO JOAO DEL-RE');
    expect(brCode(SAMPLE)).toMatch(/^[\x20-\x7e]+$/);
  });

  it('fields refuse what a reader could not count', () => {
    expect(field('05', 'abc')).toBe('0503abc');
    expect(() => field('5', 'abc')).toThrow();
    expect(() => field('05', '')).toThrow();
    expect(() => field('05', 'x'.repeat(100))).toThrow();
    expect(() => field('05', 'São')).toThrow();
    expect(() => brCode({ ...SAMPLE, txid: 'has_underscore' })).toThrow();
    expect(() => brCode({ ...SAMPLE, txid: 'x'.repeat(26) })).toThrow();
  });
});

describe('txid and PIX key', () => {
  it('txid: the charge id without its prefix, letters and digits, at most 25', () => {
    expect(txidOf('ch_0123456789abcdef01234567')).toBe('0123456789abcdef01234567');
    expect(txidOf('ch_a-b_c')).toBe('abc');
    expect(txidOf(`ch_${'f'.repeat(40)}`)).toHaveLength(25);
  });

  it('the CNPJ when the company tax id is one (punctuation dropped), else a stable EVP key', () => {
    expect(pixKeyOf('m1', '12.345.678/0001-95')).toBe('12345678000195');
    const evp = pixKeyOf('m1', '');
    expect(evp).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pixKeyOf('m1', '12345678000100')).toBe(evp);
    expect(evpKeyOf('m1')).toBe(evp);
    expect(evpKeyOf('m2')).not.toBe(evp);
    expect(parsed(brCode({ ...SAMPLE, key: evp })).pixKey).toBe(evp);
  });
});
