import { SEED_MERCHANT_IDS } from './seed';

/** The seeded keys of the demo and the tests (all in `accounts/seed.ts`). */
export const SANDBOX_KEYS = {
  publishable: 'pk_test_sandbox',
  secret: 'sk_test_sandbox',
  inactive: 'pk_test_inactive',
} as const;

/** Loja Exemplo, the merchant of `pk_test_sandbox` / `sk_test_sandbox`. */
export const SANDBOX_MERCHANT_ID = SEED_MERCHANT_IDS.lojaExemplo;
