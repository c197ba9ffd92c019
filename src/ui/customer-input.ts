/**
 * The customer fields' rules: masks, errors and the Customer input they make with the
 * `customer` option. The spec's rule: without `id`, an e-mail is required unless a phone is given.
 */
import type { CustomerField, CustomerInput } from '../types';
import { brazilianDocument, maskDocument } from './br-document';
import type { MessageKey } from './i18n';
import { applyMask } from './masks';

export type CustomerValues = Record<CustomerField, string>;
export type CustomerErrors = Partial<Record<CustomerField, MessageKey>>;

/** Digits, after a leading `+` if the shopper typed one. */
const phoneCharacters = (typed: string) =>
  (typed.trim().startsWith('+') ? '+' : '') + typed.replace(/\D/g, '').slice(0, 15);

/** (11) 98765-4321 as typed; an international number (+…) keeps its digits as they come. */
export function maskPhone(typed: string): string {
  const phone = phoneCharacters(typed);
  return phone.startsWith('+')
    ? phone
    : applyMask(phone, phone.length > 10 ? '(00) 00000-0000' : '(00) 0000-0000');
}

/** What each field keeps as typed. */
export const maskCustomerField = (field: CustomerField, typed: string): string =>
  field === 'phone' ? maskPhone(typed) : field === 'document' ? maskDocument(typed) : typed;

/** A national number with its area code (10 or 11 digits), or `+` and 8 to 15 digits. */
const phoneValid = (phone: string) => /^(\d{10,11}|\+\d{8,15})$/.test(phone);
const emailValid = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);

/** The fields' values before the shopper types: from the `customer` option, masked. */
export const prefilledValues = (customer: CustomerInput = {}): CustomerValues => ({
  name: customer.name ?? '',
  email: customer.email ?? '',
  phone: maskPhone(customer.phone ?? ''),
  document: maskDocument(customer.document?.id ?? ''),
});

/**
 * The Customer input: the `customer` option, then what the shopper typed in the shown fields.
 * No empty strings; `undefined` when there is nothing to send.
 */
export function customerInput(
  customer: CustomerInput | undefined,
  fields: readonly CustomerField[],
  values: CustomerValues,
): CustomerInput | undefined {
  const merged: CustomerInput = { ...customer };
  for (const field of fields) {
    const value = values[field].trim();
    delete merged[field];
    if (field === 'document') {
      const document = brazilianDocument(value);
      if (document) merged.document = document;
    } else if (value) {
      merged[field] = field === 'phone' ? phoneCharacters(value) : value;
    }
  }
  for (const [key, value] of Object.entries(merged)) {
    if (value === '') delete merged[key as keyof CustomerInput];
  }
  return Object.keys(merged).length ? merged : undefined;
}

/**
 * Errors of the shown fields, in their order. Name and document are required once asked for;
 * the e-mail when neither an `id` nor a phone is known, else only checked when typed.
 */
export function customerErrors(
  customer: CustomerInput | undefined,
  fields: readonly CustomerField[],
  values: CustomerValues,
): CustomerErrors {
  const errors: CustomerErrors = {};
  const phone = fields.includes('phone') ? phoneCharacters(values.phone) : customer?.phone;
  const emailNeeded = !customer?.id && !phone;
  for (const field of fields) {
    const value = values[field].trim();
    if (!value) {
      if (field === 'name' || field === 'document' || (field === 'email' && emailNeeded)) {
        errors[field] = fields.includes('phone') && field === 'email' ? 'emailOrPhone' : 'required';
      } else if (
        field === 'phone' &&
        emailNeeded &&
        !fields.includes('email') &&
        !customer?.email
      ) {
        errors.phone = 'required';
      }
    } else if (field === 'email' && !emailValid(value)) errors.email = 'emailInvalid';
    else if (field === 'phone' && !phoneValid(phoneCharacters(value)))
      errors.phone = 'phoneInvalid';
    else if (field === 'document' && !brazilianDocument(value)) errors.document = 'documentInvalid';
  }
  return errors;
}
