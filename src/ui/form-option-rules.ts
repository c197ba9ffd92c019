/** Rules of the form's customer and installment options, for `checkMountOptions`. */
import { CheckoutError } from '../api/errors';
import type { CustomerField, MountOptions } from '../types';

const CUSTOMER_FIELDS: readonly CustomerField[] = ['name', 'email', 'phone', 'document'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const between = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && value >= min && value <= max;
const count = (value: unknown) => Number.isInteger(value) && between(value, 1, 12);
const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

/** A whole number 1..12, or `{ max, interestFree?, monthlyRate?, minAmount? }`. */
export const isInstallments = (value: unknown): boolean =>
  count(value) ||
  (isRecord(value) &&
    count(value.max) &&
    (value.interestFree === undefined || count(value.interestFree)) &&
    (value.monthlyRate === undefined || between(value.monthlyRate, 0, 0.99)) &&
    (value.minAmount === undefined || between(value.minAmount, 0, Number.MAX_VALUE)));

export const INSTALLMENTS_RULE =
  'a whole number from 1 to 12, or { max: 1..12, interestFree?: 1..12, monthlyRate?: a fraction per month from 0 to 0.99 (0.0199 for 1.99 %), minAmount?: a number of at least 0 }';

/** The spec's Customer input: strings, `document` `{ type, id }`, `address` `{ country }`. */
export const isCustomer = (value: unknown): boolean =>
  isRecord(value) &&
  ['id', 'name', 'email', 'phone', 'ipAddress'].every((key) => optionalString(value[key])) &&
  (value.document === undefined ||
    (isRecord(value.document) &&
      typeof value.document.type === 'string' &&
      typeof value.document.id === 'string')) &&
  (value.address === undefined ||
    (isRecord(value.address) && typeof value.address.country === 'string'));

export const CUSTOMER_RULE =
  'a Customer input: { id?, name?, email?, phone?, document?: { type, id }, address?: { country }, ipAddress? }';

/** Each field at most once. */
export const isCustomerFields = (value: unknown): boolean =>
  Array.isArray(value) &&
  new Set(value).size === value.length &&
  value.every((field) => CUSTOMER_FIELDS.includes(field));

export const CUSTOMER_FIELDS_RULE = `a list of ${CUSTOMER_FIELDS.map((f) => `'${f}'`).join(', ')}, each at most once`;

/**
 * A merchant who passes a customer or asks for fields must make the spec's rule reachable:
 * without `id`, an e-mail or a phone, given or asked for. Otherwise every charge would fail.
 */
export function checkCustomerReachable({ customer, customerFields = [] }: MountOptions): void {
  if (!customer && customerFields.length === 0) return;
  const given = customer?.id || customer?.email || customer?.phone;
  if (!given && !customerFields.some((field) => field === 'email' || field === 'phone')) {
    throw new CheckoutError(
      'configuration',
      "The customer needs an id, an email or a phone: pass one in customer, or ask for 'email' or 'phone' in customerFields",
    );
  }
}
