import { describe, expect, it } from 'vitest';
import { CheckoutError } from '../api/errors';
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
    { max: 13 },
    { max: 0 },
    {},
    { max: 6, interestFree: 0 },
    { max: 6, interestFree: 2.5 },
    // A percentage, not a fraction: 1.99 %/month is 0.0199.
    { max: 6, monthlyRate: 1.99 },
    { max: 6, monthlyRate: -0.01 },
    { max: 6, minAmount: -1 },
    { max: 6, minAmount: '5' },
    [6],
  ])('%o → invalid_input at installments', (installments) => {
    expect(codeAndPaths(check({ installments }))).toEqual({
      code: 'invalid_input',
      paths: ['installments'],
    });
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
    [{ customer: { id: 42 } }, 'customer'],
    [{ customer: { document: '52998224725' } }, 'customer'],
    [{ customer: { address: { country: 76 } } }, 'customer'],
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
