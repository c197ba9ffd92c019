import { describe, expect, it } from 'vitest';
import type { CustomerField, CustomerInput } from '../types';
import {
  type CustomerValues,
  customerErrors,
  customerInput,
  maskPhone,
  prefilledValues,
} from './customer-input';

const EMPTY: CustomerValues = { name: '', email: '', phone: '', document: '' };
const values = (v: Partial<CustomerValues>): CustomerValues => ({ ...EMPTY, ...v });
const ALL: CustomerField[] = ['name', 'email', 'phone', 'document'];

describe('maskPhone', () => {
  it.each([
    ['1', '(1'],
    ['11', '(11'],
    ['119', '(11) 9'],
    ['1198765', '(11) 9876-5'],
    // The dash moves once an eleventh digit makes the number a mobile one.
    ['1198765432', '(11) 9876-5432'],
    ['119876543', '(11) 9876-543'],
    ['1134567890', '(11) 3456-7890'],
    ['11987654321', '(11) 98765-4321'],
    ['11 98765 4321 99', '(11) 98765-4321'],
    ['+55 11 98765-4321', '+5511987654321'],
    ['', ''],
  ])('%s → %s', (typed, masked) => {
    expect(maskPhone(typed)).toBe(masked);
  });
});

describe('customerInput', () => {
  it('nothing asked, nothing given: no customer at all', () => {
    expect(customerInput(undefined, [], EMPTY)).toBeUndefined();
  });

  it('the option alone goes through as it is', () => {
    expect(customerInput({ id: 'cus_1' }, [], EMPTY)).toEqual({ id: 'cus_1' });
  });

  it('the fields, trimmed, phone and document without punctuation', () => {
    const typed = values({
      name: ' Bia Lima ',
      email: 'bia@example.com ',
      phone: '(11) 98765-4321',
      document: '12.ABC.345/01DE-35',
    });
    expect(customerInput(undefined, ALL, typed)).toEqual({
      name: 'Bia Lima',
      email: 'bia@example.com',
      phone: '11987654321',
      document: { type: 'cnpj', id: '12ABC34501DE35' },
    });
  });

  it('merges: the option first, the shopper’s fields over it; empty fields dropped', () => {
    const option: CustomerInput = {
      id: 'cus_1',
      email: 'old@example.com',
      phone: '',
      address: { country: 'BRA' },
    };
    expect(
      customerInput(option, ['email', 'document'], values({ document: '529.982.247-25' })),
    ).toEqual({
      id: 'cus_1',
      address: { country: 'BRA' },
      document: { type: 'cpf', id: '52998224725' },
    });
  });

  it('keeps a + before an international phone', () => {
    expect(customerInput(undefined, ['phone'], values({ phone: '+44 20 7946 0018' }))).toEqual({
      phone: '+442079460018',
    });
  });
});

describe('customerErrors', () => {
  it('name and document are required once asked for; email when there is no id nor phone', () => {
    expect(customerErrors(undefined, ['name', 'email', 'document'], EMPTY)).toEqual({
      name: 'required',
      email: 'required',
      document: 'required',
    });
  });

  it('with a phone field too, an empty email asks for either', () => {
    expect(customerErrors(undefined, ['email', 'phone'], EMPTY)).toEqual({
      email: 'emailOrPhone',
    });
    expect(customerErrors(undefined, ['email', 'phone'], values({ phone: '11987654321' }))).toEqual(
      {},
    );
  });

  it('an id, or a phone in the option, makes the email optional', () => {
    expect(customerErrors({ id: 'cus_1' }, ['email'], EMPTY)).toEqual({});
    expect(customerErrors({ phone: '+5511987654321' }, ['email'], EMPTY)).toEqual({});
  });

  it('a phone field alone is required when no id nor email is known', () => {
    expect(customerErrors(undefined, ['phone'], EMPTY)).toEqual({ phone: 'required' });
    expect(customerErrors({ email: 'a@b.co' }, ['phone'], EMPTY)).toEqual({});
  });

  it('checks what was typed', () => {
    const typed = values({
      name: 'Ana',
      email: 'ana@',
      phone: '(11) 9876',
      document: '529.982.247-24',
    });
    expect(customerErrors(undefined, ALL, typed)).toEqual({
      email: 'emailInvalid',
      phone: 'phoneInvalid',
      document: 'documentInvalid',
    });
  });

  it('a name of spaces is no name', () => {
    expect(customerErrors({ id: 'c' }, ['name'], values({ name: '   ' }))).toEqual({
      name: 'required',
    });
  });
});

describe('prefilledValues', () => {
  it('masks the option’s phone and document', () => {
    expect(
      prefilledValues({
        name: 'Ana',
        phone: '11987654321',
        document: { type: 'cpf', id: '52998224725' },
      }),
    ).toEqual({ name: 'Ana', email: '', phone: '(11) 98765-4321', document: '529.982.247-25' });
  });
});
