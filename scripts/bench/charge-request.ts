/**
 * The charge the benches send, apart from the load generator's module so that the sandbox's own
 * process (`in-process-charges.ts`) can build it without loading autocannon.
 */
import { SANDBOX_KEYS } from '../../demo/service/accounts/sandbox-keys';

export const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
export const SECRET = basic(SANDBOX_KEYS.secret);

export const CARD = { number: '4111111111111111', expirationMonth: '12', expirationYear: '2030' };

/** Variant A (raw card), no threeDS; each buyer's e-mail is new, so each charge adds a customer. */
export const chargeBody = (run: string, n: number | string) =>
  JSON.stringify({
    amount: 120.5,
    currency: 'BRL',
    customer: { name: 'Bench Buyer', email: `bench-${run}-${n}@example.com` },
    paymentMethod: {
      type: 'credit_card',
      ...CARD,
      holderName: 'Bench Buyer',
      cvv: '123',
      installments: 1,
    },
    items: [{ type: 'physical', name: 'Mug', quantity: 1, amount: 120.5 }],
  });
