import type { AuthenticateRequest } from '../types';
import { isCardNumber, isCurrencyCode, isExpired, stripSpaces } from './card-rules';
import { CheckoutError, type InputIssue } from './errors';

const MONTH = /^(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;

type Rule = [path: string, broken: boolean, message: string];

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * Checks an authenticate request before any request is made; `invalid_input` lists every broken
 * field at once. Plain checks rather than a zod schema: five rules do not pay for zod's checks
 * in the headless bundle (the response schemas do use zod/mini).
 */
export function validateAuthenticateRequest(input: unknown): AuthenticateRequest {
  if (typeof input !== 'object' || input === null) {
    throw invalid([['', true, 'The authentication request must be an object']]);
  }
  const { amount, currency, card } = input as Record<string, unknown>;
  const rules: Rule[] = [
    ['amount', typeof amount !== 'number' || !Number.isFinite(amount), 'Amount must be a number'],
    ['amount', typeof amount === 'number' && amount < 1, 'Amount must be at least 1'],
    [
      'currency',
      !isString(currency) || !isCurrencyCode(currency),
      'Currency must be a 3-letter ISO 4217 code in capitals, e.g. BRL',
    ],
  ];
  if (typeof card !== 'object' || card === null) {
    rules.push(['card', true, 'Card is required']);
  } else {
    const {
      number,
      expirationMonth: month,
      expirationYear: year,
      holderName,
    } = card as Record<string, unknown>;
    const datesValid = isString(month) && MONTH.test(month) && isString(year) && YEAR.test(year);
    rules.push(
      [
        'card.number',
        !isString(number) || !isCardNumber(stripSpaces(number)),
        'Card number must have 12 to 19 digits and pass the Luhn check',
      ],
      [
        'card.expirationMonth',
        !isString(month) || !MONTH.test(month),
        'Expiration month must be exactly 2 characters, 01 to 12',
      ],
      [
        'card.expirationYear',
        !isString(year) || !YEAR.test(year),
        'Expiration year must be exactly 4 digits',
      ],
      [
        'card.expirationYear',
        datesValid && isExpired(month, year, new Date()),
        'The card has expired',
      ],
      [
        'card.holderName',
        !isString(holderName) || holderName.trim() === '',
        'Holder name is required',
      ],
    );
  }
  const broken = rules.filter(([, isBroken]) => isBroken);
  if (broken.length > 0) throw invalid(broken);

  const valid = input as AuthenticateRequest;
  return {
    amount: valid.amount,
    currency: valid.currency,
    card: {
      number: stripSpaces(valid.card.number),
      expirationMonth: valid.card.expirationMonth,
      expirationYear: valid.card.expirationYear,
      holderName: valid.card.holderName.trim(),
    },
  };
}

function invalid(rules: Rule[]): CheckoutError {
  const issues: InputIssue[] = rules.map(([path, , message]) => ({ path, message }));
  const fields = issues.map((issue) => issue.path || 'request').join(', ');
  return new CheckoutError('invalid_input', `Invalid authentication request: ${fields}`, {
    issues,
  });
}
