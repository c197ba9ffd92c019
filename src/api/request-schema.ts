import type { AuthenticateRequest } from '../types';
import { isCardNumber, isCurrencyCode, isExpired } from './card-rules';
import { CheckoutError, type InputIssue } from './errors';

export const stripSpaces = (value: string): string => value.replace(/\s+/g, '');

const MONTH = /^(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
/** A string field as given; anything else is '' so that every rule refuses it. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * Checks an authenticate request before any request is made; `invalid_input` lists every broken
 * field at once. Plain checks rather than a zod schema: five rules do not pay for zod's checks
 * in the headless bundle (the response schemas do use zod/mini).
 */
export function validateAuthenticateRequest(input: unknown): AuthenticateRequest {
  const issues: InputIssue[] = [];
  const rule = (path: string, broken: boolean, message: string) => {
    if (broken) issues.push({ path, message });
  };
  if (!isObject(input)) {
    rule('', true, 'The authentication request must be an object');
    throw invalid(issues);
  }
  const { amount, currency, card } = input;
  rule('amount', typeof amount !== 'number' || !Number.isFinite(amount), 'Amount must be a number');
  rule('amount', typeof amount === 'number' && amount < 1, 'Amount must be at least 1');
  rule(
    'currency',
    !isCurrencyCode(text(currency)),
    'Currency must be a 3-letter ISO 4217 code, e.g. BRL',
  );
  const fields = isObject(card) ? card : {};
  const number = stripSpaces(text(fields.number));
  const month = text(fields.expirationMonth);
  const year = text(fields.expirationYear);
  const holderName = text(fields.holderName).trim();
  if (!isObject(card)) rule('card', true, 'Card is required');
  else {
    const datesValid = MONTH.test(month) && YEAR.test(year);
    rule(
      'card.number',
      !isCardNumber(number),
      'Card number must have 12 to 19 digits and pass the Luhn check',
    );
    rule('card.expirationMonth', !MONTH.test(month), 'Expiration month must be 2 digits, 01 to 12');
    rule('card.expirationYear', !YEAR.test(year), 'Expiration year must have 4 digits');
    rule(
      'card.expirationYear',
      datesValid && isExpired(month, year, new Date()),
      'The card has expired',
    );
    rule('card.holderName', holderName === '', 'Holder name is required');
  }
  if (issues.length > 0) throw invalid(issues);
  return {
    amount: amount as number,
    currency: currency as string,
    card: { number, expirationMonth: month, expirationYear: year, holderName },
  };
}

function invalid(issues: InputIssue[]): CheckoutError {
  const fields = issues.map((issue) => issue.path || 'request').join(', ');
  return new CheckoutError('invalid_input', `Invalid authentication request: ${fields}`, {
    issues,
  });
}
