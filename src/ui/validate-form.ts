import { isCardNumber, isExpired } from '../api/card-rules';
import { type CardBrand, cardLengths, cvvLength, detectBrand } from './card-brand';
import type { MessageKey } from './i18n';

export type Field = 'number' | 'name' | 'month' | 'year' | 'cvv';

export interface CardFormValues {
  number: string;
  name: string;
  month: string;
  year: string;
  cvv: string;
}

export type FieldErrors = Partial<Record<Field, { key: MessageKey; digits?: number }>>;

export const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** A 2-digit year on the card means 20YY; the service wants exactly four characters. */
export const fullYear = (year: string): string => (/^\d{2}$/.test(year) ? `20${year}` : year);

/** A single-digit month becomes 01–09 once the shopper leaves the field. */
export const paddedMonth = (month: string): string => (/^[1-9]$/.test(month) ? `0${month}` : month);

/** Errors of the new-card fields; `now` decides what counts as expired. */
export function cardFieldErrors(values: CardFormValues, now = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  const number = digitsOf(values.number);
  const brand = detectBrand(number);
  if (!number) errors.number = { key: 'required' };
  else if (!isCardNumber(number) || !cardLengths(brand).includes(number.length)) {
    errors.number = { key: 'numberInvalid' };
  }
  if (!values.name.trim()) errors.name = { key: 'required' };
  const month = paddedMonth(values.month);
  const year = fullYear(values.year);
  if (!month) errors.month = { key: 'required' };
  else if (!/^(0[1-9]|1[0-2])$/.test(month)) errors.month = { key: 'monthInvalid' };
  if (!year) errors.year = { key: 'required' };
  else if (!/^20\d{2}$/.test(year)) errors.year = { key: 'yearInvalid' };
  else if (!errors.month && isExpired(month, year, now)) errors.year = { key: 'expired' };
  const cvvError = securityCodeError(values.cvv, brand);
  if (cvvError) errors.cvv = cvvError;
  return errors;
}

/** The security code: digits only, 4 for amex, else 3. */
export function securityCodeError(cvv: string, brand: CardBrand | undefined): FieldErrors['cvv'] {
  if (!cvv) return { key: 'required' };
  const digits = cvvLength(brand);
  return cvv.length === digits && /^\d+$/.test(cvv) ? undefined : { key: 'cvvInvalid', digits };
}
