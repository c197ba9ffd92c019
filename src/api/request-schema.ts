import * as z from 'zod/mini';
import type { AuthenticateRequest } from '../types';
import { isCardNumber, isCurrencyCode, isExpired, stripSpaces } from './card-rules';
import { CheckoutError, type InputIssue } from './errors';

const MONTH = /^(0[1-9]|1[0-2])$/;
const YEAR = /^\d{4}$/;

const requiredText = (what: string) => z.string(`${what} is required`);

const cardSchema = z
  .object(
    {
      number: requiredText('Card number').check(
        z.refine(
          (value) => isCardNumber(stripSpaces(value)),
          'Card number must have 12 to 19 digits and pass the Luhn check',
        ),
      ),
      expirationMonth: requiredText('Expiration month').check(
        z.regex(MONTH, 'Expiration month must be exactly 2 characters, 01 to 12'),
      ),
      expirationYear: requiredText('Expiration year').check(
        z.regex(YEAR, 'Expiration year must be exactly 4 digits'),
      ),
      holderName: requiredText('Holder name').check(
        z.refine((value) => value.trim() !== '', 'Holder name is required'),
      ),
    },
    'Card is required',
  )
  .check(
    z.refine(
      (card) =>
        !(MONTH.test(card.expirationMonth) && YEAR.test(card.expirationYear)) ||
        !isExpired(card.expirationMonth, card.expirationYear, new Date()),
      {
        message: 'The card has expired',
        path: ['expirationYear'],
        // Judge expiry even when another card field is wrong, so every issue is listed at once.
        when: ({ value }) => typeof value === 'object' && value !== null,
      },
    ),
  );

const requestSchema = z.object(
  {
    amount: z.number('Amount must be a number').check(z.gte(1, 'Amount must be at least 1')),
    currency: requiredText('Currency').check(
      z.refine(isCurrencyCode, 'Currency must be a 3-letter ISO 4217 code in capitals, e.g. BRL'),
    ),
    card: cardSchema,
  },
  'The authentication request must be an object',
);

/** Checks an authenticate request before any request is made; `invalid_input` lists each field. */
export function validateAuthenticateRequest(input: unknown): AuthenticateRequest {
  const parsed = requestSchema.safeParse(input);
  if (!parsed.success) {
    const issues: InputIssue[] = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    const fields = issues.map((issue) => issue.path || 'request').join(', ');
    throw new CheckoutError('invalid_input', `Invalid authentication request: ${fields}`, {
      issues,
    });
  }
  const { amount, currency, card } = parsed.data;
  return {
    amount,
    currency,
    card: {
      number: stripSpaces(card.number),
      expirationMonth: card.expirationMonth,
      expirationYear: card.expirationYear,
      holderName: card.holderName.trim(),
    },
  };
}
