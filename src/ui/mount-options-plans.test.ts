import { describe, expect, it } from 'vitest';
import { CheckoutError } from '../errors';
import { mountOptions } from '../test-support/checkout-ui';
import type { MountOptions } from '../types';
import { checkMountOptions } from './mount-options';

const check = (changes: Record<string, unknown>) => () =>
  checkMountOptions({ ...mountOptions(), ...changes } as unknown as MountOptions);

function codeAndPaths(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (!(error instanceof CheckoutError)) throw error;
    return { code: error.code, paths: error.issues?.map((issue) => issue.path) };
  }
  return { code: 'none', paths: undefined };
}

describe('installments option', () => {
  it.each([
    6,
    { max: 6 },
    { max: 12, interestFree: 3, monthlyRate: 0.0199, minAmount: 5 },
    { max: 2, monthlyRate: 0 },
  ])('%o is taken', (installments) => {
    expect(check({ installments })).not.toThrow();
  });

  it.each([
    [{ max: 13 }, 'installments.max'],
    [{ max: 0 }, 'installments.max'],
    [{}, 'installments.max'],
    [{ max: 6, interestFree: 0 }, 'installments.interestFree'],
    [{ max: 6, interestFree: 2.5 }, 'installments.interestFree'],
    // A percentage, not a fraction: 1.99 %/month is 0.0199.
    [{ max: 6, monthlyRate: 1.99 }, 'installments.monthlyRate'],
    [{ max: 6, monthlyRate: -0.01 }, 'installments.monthlyRate'],
    [{ max: 6, minAmount: -1 }, 'installments.minAmount'],
    [{ max: 6, minAmount: '5' }, 'installments.minAmount'],
    [[6], 'installments'],
    ['6', 'installments'],
  ])('%o → invalid_input at %s', (installments, path) => {
    expect(codeAndPaths(check({ installments }))).toEqual({
      code: 'invalid_input',
      paths: [path],
    });
  });

  it('says what was wrong where', () => {
    expect(check({ installments: { max: 6, monthlyRate: 1.99 } })).toThrow(
      'installments.monthlyRate must be a fraction from 0 to 0.99',
    );
  });
});

describe('customer options', () => {
  it.each([
    [{ customer: { id: 'cus_1' } }],
    [{ customer: { email: 'a@b.co' }, customerFields: ['name', 'document'] }],
    [{ customerFields: ['name', 'email', 'document'] }],
    [{ customerFields: ['phone'] }],
    [{ customer: { phone: '+5511987654321' } }],
    [{ customerFields: [] }],
  ])('%o is taken', (changes) => {
    expect(check(changes)).not.toThrow();
  });

  it.each([
    [{ customer: 'cus_1' }, 'customer'],
    [{ customer: { id: 42 } }, 'customer.id'],
    [{ customer: { document: '52998224725' } }, 'customer.document'],
    [{ customer: { document: { type: 'cpf' } } }, 'customer.document.id'],
    [{ customer: { address: { country: 76 } } }, 'customer.address.country'],
    [{ customerFields: 'email' }, 'customerFields'],
    [{ customerFields: ['email', 'cpf'] }, 'customerFields'],
    [{ customerFields: ['email', 'email'] }, 'customerFields'],
  ])('%o → invalid_input at %s', (changes, path) => {
    expect(codeAndPaths(check(changes))).toEqual({ code: 'invalid_input', paths: [path] });
  });

  it.each([
    [{ customerFields: ['name', 'document'] }],
    [{ customer: { name: 'Ana' } }],
    [{ customer: { name: 'Ana', email: '' }, customerFields: ['document'] }],
  ])('%o cannot meet the email-or-phone rule → configuration', (changes) => {
    expect(codeAndPaths(check(changes)).code).toBe('configuration');
  });
});
