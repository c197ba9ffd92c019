/** Request fixtures of the charge tests. */

import type { ChallengeResult } from '../service/kernel/wire-types';
import { authenticateBody, BROWSER, KEYS, type TestSandbox } from './sandbox';

export { BROWSER };

export const rawCard = (overrides: Record<string, unknown> = {}) => ({
  type: 'credit_card',
  number: '4111111111111111',
  holderName: 'Ana Souza',
  expirationMonth: '12',
  expirationYear: '2030',
  cvv: '123',
  installments: 1,
  ...overrides,
});

/** Variant B: a saved card by its id, with its CVV. */
export const savedCard = (cardTokenId: string, overrides: Record<string, unknown> = {}) => ({
  type: 'credit_card',
  cardTokenId,
  cvv: '123',
  installments: 1,
  ...overrides,
});

export const APPLE_PAY_TOKEN = {
  paymentData: {
    data: 'ZW5jcnlwdGVk',
    signature: 'c2lnbmF0dXJl',
    version: 'EC_v1',
    header: { ephemeralPublicKey: 'a2V5', publicKeyHash: 'aGFzaA==', transactionId: 'abc' },
  },
  paymentMethod: { displayName: 'Visa 0492', network: 'Visa', type: 'debit' },
  transactionIdentifier: 'ABC123',
};

export const charge = (overrides: Record<string, unknown> = {}) => ({
  amount: 120.5,
  currency: 'BRL',
  customer: { name: 'Test Buyer', email: 'buyer@example.com' },
  paymentMethod: rawCard(),
  items: [{ type: 'physical', name: 'Mug', quantity: 1, amount: 120.5 }],
  ...overrides,
});

/** The denied scenario's card: its authentication finishes with state `failure`. */
export const DENIED_CARD = '4000000000000077';

/**
 * A real `threeDS` for a charge: authenticate (the default charge's amount and currency unless
 * overridden) then challenge-result, for a card whose scenario needs no browser step.
 */
export async function threeDsFor(
  t: TestSandbox,
  number = '4111111111111111',
  overrides: Record<string, unknown> = {},
): Promise<ChallengeResult> {
  const auth = await t.api<{ authenticationId: string }>('/v1/three-ds/authenticate', {
    key: KEYS.publishable,
    body: authenticateBody(number, overrides),
  });
  const result = await t.api<ChallengeResult>('/v1/three-ds/challenge-result', {
    key: KEYS.publishable,
    body: { authenticationId: auth.body.authenticationId },
  });
  if (result.status !== 200) throw new Error(`challenge-result answered ${result.status}`);
  return result.body;
}

/** A PIX charge's request: BRL, `paymentMethod` `{ type: "pix", ...method }`. */
export const pixCharge = (
  method: Record<string, unknown> = {},
  overrides: Record<string, unknown> = {},
) => charge({ paymentMethod: { type: 'pix', ...method }, ...overrides });

/** The names of a charge's stored events, oldest first (`GET /sandbox/events`). */
export async function chargeEventNames(t: TestSandbox, id: string, key: string): Promise<string[]> {
  const reply = await t.api<{ data: Array<{ event: string }> }>(
    `/sandbox/events?resourceId=${id}&orderBy=createdAt&limit=100`,
    { key },
  );
  return reply.body.data.map((e) => e.event);
}
