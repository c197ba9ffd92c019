import type { MerchantAccount } from '../accounts/principal';
import { type NewCharge, newChargeSchema } from '../charges/schema';
import { fromCents } from '../kernel/db/money';
import type { EventKind } from '../kernel/delivery/kinds';
import type { Services } from '../registry';
import { TRIGGER_AMOUNT_CENTS, TRIGGER_CUSTOMER } from './rules';

/**
 * What the recipes of `POST /sandbox/events/trigger` share: their answer, and the requests they
 * make, parsed by the same schemas as the routes' bodies (so a recipe is held to the rules a
 * merchant's request is).
 */

/** What a recipe made. */
export interface Made {
  /** Whose event it is: the caller's, or for a payout its sub-merchant's. */
  owner: string;
  /** The resource the event is about (`events.resource_id`). */
  about: string;
  /** What was made or used, by type (the answer's `resources`). */
  resources: Record<string, string>;
}

/** One recipe (`TRIGGER_RECIPES` in `rules.ts`): it makes `kind` for `caller`. */
export type Recipe = (
  services: Services,
  caller: MerchantAccount,
  kind: EventKind,
) => Promise<Made>;

/** A raw test card, valid for years to come. */
export const cardMethod = (number: string) => ({
  type: 'credit_card',
  number,
  holderName: TRIGGER_CUSTOMER.name,
  expirationMonth: '12',
  expirationYear: String(new Date().getUTCFullYear() + 5),
  cvv: '123',
  installments: 1,
});

/** A charge's body, as `POST /v1/charges` would take it, for an item named after `kind`. */
export function chargeInput(kind: EventKind, paymentMethod: Record<string, unknown>): NewCharge {
  const amount = fromCents(TRIGGER_AMOUNT_CENTS);
  return newChargeSchema.parse({
    amount,
    currency: 'BRL',
    customer: TRIGGER_CUSTOMER,
    paymentMethod,
    items: [{ type: 'digital', name: `Event on demand: ${kind}`, quantity: 1, amount }],
  });
}
