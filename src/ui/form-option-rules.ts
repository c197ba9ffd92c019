/** Rules of the form's customer and installment options, for `checkMountOptions`. */
import { CheckoutError } from '../api/errors';
import { MAX_INSTALLMENTS } from '../constants';
import type { MountOptions } from '../types';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const between = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && value >= min && value <= max;
const count = (value: unknown) => Number.isInteger(value) && between(value, 1, MAX_INSTALLMENTS);
/** `key` of `record` is absent or passes `rule`. */
const optional = (record: Record<string, unknown>, key: string, rule: (v: unknown) => boolean) =>
  record[key] === undefined || rule(record[key]);
const ofStrings = (value: unknown) =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'string');

/** A whole number 1..MAX_INSTALLMENTS, or `{ max, interestFree?, monthlyRate?, minAmount? }`. */
export const isInstallments = (value: unknown): boolean =>
  count(value) ||
  (isRecord(value) &&
    count(value.max) &&
    optional(value, 'interestFree', count) &&
    optional(value, 'monthlyRate', (rate) => between(rate, 0, 0.99)) &&
    optional(value, 'minAmount', (min) => between(min, 0, Number.MAX_VALUE)));

const COUNT = `1 to ${MAX_INSTALLMENTS}`;
export const INSTALLMENTS_RULE = `${COUNT}, or { max: ${COUNT}, interestFree?: ${COUNT}, monthlyRate?: 0 to 0.99, minAmount?: 0 or more }`;

/** The spec's Customer input: strings, and objects of strings (`document`, `address`). */
export const isCustomer = (value: unknown): boolean =>
  isRecord(value) &&
  Object.entries(value).every(([key, v]) =>
    /^(document|address)$/.test(key) ? ofStrings(v) : typeof v === 'string',
  );

export const CUSTOMER_RULE = 'a Customer input (document: { type, id })';

const FIELDS = ['name', 'email', 'phone', 'document'];

/** Each field at most once. */
export const isCustomerFields = (value: unknown): boolean =>
  Array.isArray(value) &&
  new Set(value).size === value.length &&
  value.every((field) => FIELDS.includes(field));

export const CUSTOMER_FIELDS_RULE = `a list of ${FIELDS}, each at most once`;

/**
 * A merchant who passes a customer or asks for fields must make the spec's rule reachable:
 * without `id`, an e-mail or a phone, given or asked for. Otherwise every charge would fail.
 */
export function checkCustomerReachable({ customer: c, customerFields = [] }: MountOptions): void {
  if (
    (c || customerFields.length) &&
    !(c?.id || c?.email || c?.phone) &&
    !customerFields.some((field) => field === 'email' || field === 'phone')
  ) {
    throw new CheckoutError(
      'configuration',
      'customer needs an id, email or phone, or customerFields email or phone',
    );
  }
}
