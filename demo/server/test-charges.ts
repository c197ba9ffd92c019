/** Request fixtures of the charge tests. */
import { BROWSER } from './test-helpers';

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
