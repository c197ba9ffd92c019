// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { availableMethods, PAYMENT_METHODS } from './rules';

const names = (list: readonly { name: string }[]) => list.map((method) => method.name);

describe('availableMethods: what a key sees of the catalogue', () => {
  it('the whole catalogue, for the key’s own merchant or none named', () => {
    expect(availableMethods('m1', {})).toEqual(PAYMENT_METHODS);
    expect(availableMethods('m1', { merchantId: 'm1' })).toEqual(PAYMENT_METHODS);
  });

  it('only the methods taking the currency', () => {
    expect(names(availableMethods('m1', { currency: 'BRL' }))).toEqual([
      'credit_card',
      'pix',
      'apple_pay',
      'boleto',
    ]);
    expect(names(availableMethods('m1', { currency: 'MXN' }))).toEqual([
      'credit_card',
      'apple_pay',
      'oxxo',
    ]);
    expect(availableMethods('m1', { currency: 'JPY' })).toEqual([]);
  });

  it('another merchant’s id: nothing', () => {
    expect(availableMethods('m1', { merchantId: 'm2' })).toEqual([]);
    expect(availableMethods('m1', { merchantId: 'm2', currency: 'BRL' })).toEqual([]);
  });
});
