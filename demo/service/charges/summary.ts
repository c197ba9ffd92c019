import type { Kysely } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import type { CardStore } from '../cards/store';
import type { Schema } from '../kernel/db/schema';
import { cardBrand } from '../kernel/ids';
import { PIX_EXPIRY_SECONDS } from '../pix/schema';
import type { PaymentMethodSummary } from './charge';
import { savedCardMustBeActive } from './rules';
import type { PaymentMethodInput } from './schema';

/**
 * What a charge keeps of its payment method (never the number or the CVV), and the card number
 * the scenarios and the 3DS checks need, for the four variants. A saved card must be active
 * (`rules.ts`).
 */
export async function summarise(
  cards: CardStore,
  tenant: Tenant,
  input: PaymentMethodInput,
  db: Kysely<Schema>,
): Promise<{ summary: PaymentMethodSummary; cardNumber?: string }> {
  if (input.variant === 'pix') {
    const expiresInSeconds = input.method.expiresInSeconds ?? PIX_EXPIRY_SECONDS.default;
    return { summary: { type: 'pix', expiresInSeconds } };
  }
  const base = { type: 'credit_card' as const, installments: input.method.installments };
  const managed = (mode: 'managed' | undefined) =>
    mode === undefined ? {} : { threeDSMode: mode };
  switch (input.variant) {
    case 'card': {
      const { number, holderName, expirationMonth, expirationYear, threeDSMode } = input.method;
      return {
        cardNumber: number,
        summary: {
          ...base,
          source: 'card',
          brand: cardBrand(number),
          last4: number.slice(-4),
          holderName,
          expirationMonth,
          expirationYear,
          ...managed(threeDSMode),
        },
      };
    }
    case 'saved_card': {
      const stored = await cards.require(tenant, input.method.cardTokenId, db);
      savedCardMustBeActive(stored.card);
      return {
        cardNumber: stored.number,
        summary: {
          ...base,
          source: 'saved_card',
          brand: stored.card.brand,
          last4: stored.number.slice(-4),
          expirationMonth: stored.card.expirationMonth,
          expirationYear: stored.card.expirationYear,
          cardTokenId: stored.card.id,
          ...managed(input.method.threeDSMode),
        },
      };
    }
    case 'wallet': {
      const { token } = input.method.wallet;
      const network = token.paymentMethod.network;
      const displayName = token.paymentMethod.displayName;
      return {
        summary: {
          ...base,
          source: 'wallet',
          brand: typeof network === 'string' ? network.toLowerCase() : 'unknown',
          last4:
            typeof displayName === 'string' ? (/(\d{4})\s*$/.exec(displayName)?.[1] ?? '') : '',
          wallet: { type: 'apple_pay', transactionIdentifier: token.transactionIdentifier },
        },
      };
    }
  }
}
