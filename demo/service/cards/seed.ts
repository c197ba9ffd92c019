import { SEED_MERCHANT_IDS } from '../accounts/seed';
import type { NewCardRow } from '../kernel/db/schema';
import type { Vault } from '../kernel/db/vault';
import { cardRow } from './store';

/** Loja Exemplo's saved cards (tests and docs name them); they expire three years from the seed. */
export function seedCardRows(vault: Vault, now = new Date()): NewCardRow[] {
  const expirationYear = String(now.getUTCFullYear() + 3);
  const seed = (
    id: string,
    number: string,
    customerId: string,
    at: string,
    validationCents?: number,
  ) =>
    cardRow(
      vault,
      SEED_MERCHANT_IDS.lojaExemplo,
      { number, expirationMonth: '12', expirationYear },
      {
        id,
        customerId,
        at: new Date(at),
        ...(validationCents === undefined ? {} : { validationCents }),
      },
    );
  return [
    seed('card_sandbox_visa', '4111111111111111', 'cus_sandbox_ana', '2025-01-16T10:00:00.000Z'),
    seed(
      'card_sandbox_challenge',
      '4000000000000044',
      'cus_sandbox_ana',
      '2025-01-17T10:00:00.000Z',
    ),
    seed(
      'card_sandbox_pending',
      '5555555555554444',
      'cus_sandbox_john',
      '2025-02-04T18:30:00.000Z',
      123,
    ),
  ];
}
