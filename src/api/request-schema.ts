import { type Check, checkInput, object, rule } from '../checks';
import type { AuthenticateRequest, CardInput } from '../types';
import { isCardNumber, isCurrencyCode, isExpired } from './card-rules';

export const stripSpaces = (value: string): string => value.replace(/\s+/g, '');

const MONTH = /^(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;

/** A string field as given; anything else is '' so that every rule refuses it. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

const cardFields = object(
  {
    number: rule<string>(
      (value) => isCardNumber(stripSpaces(text(value))),
      'must have 12 to 19 digits and pass the Luhn check',
    ),
    expirationMonth: rule<string>((value) => MONTH.test(text(value)), 'must be 2 digits, 01 to 12'),
    expirationYear: rule<string>((value) => YEAR.test(text(value)), 'must have 4 digits'),
    holderName: rule<string>((value) => text(value).trim() !== '', 'is required'),
  },
  'is required',
);

/** The card's fields, then its expiry (valid through the last day of its month). */
const card: Check<CardInput> = (value, path, issues) => {
  const fields = cardFields(value, path, issues);
  const { expirationMonth: month, expirationYear: year } = fields;
  const expired =
    MONTH.test(text(month)) && YEAR.test(text(year)) && isExpired(month, year, new Date());
  rule(() => !expired, 'is past: the card has expired')(year, `${path}.expirationYear`, issues);
  return fields;
};

const request = object({
  amount: rule<number>(
    (amount) => Number.isFinite(amount) && (amount as number) >= 1,
    'must be a number of at least 1',
  ),
  currency: rule<string>(
    (currency) => isCurrencyCode(text(currency)),
    'must be a 3-letter ISO 4217 code, e.g. BRL',
  ),
  card,
});

/**
 * Checks an authenticate request before any request is made; `invalid_input` lists every broken
 * field at once. The number goes on without spaces, the holder name trimmed.
 */
export function validateAuthenticateRequest(input: unknown): AuthenticateRequest {
  const { card: fields, ...valid } = checkInput(
    request,
    input,
    'invalid_input',
    'authentication request',
  );
  return {
    ...valid,
    card: { ...fields, number: stripSpaces(fields.number), holderName: fields.holderName.trim() },
  };
}
