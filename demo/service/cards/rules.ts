import { parseDecimalCents } from '../kernel/db/money';
import { ApiError, badRequest, spec } from '../kernel/http/errors';
import type { Card } from '../kernel/wire-types';

/**
 * A saved card's rules: the state it starts in, its activation with the validation amount, when
 * it may be deleted, and how an id that names no card is refused. A saved card must be active to
 * be charged: that is a charge's rule (`demo/service/charges/rules.ts`).
 */

/** The validation transaction of `validateCard`: 0.01 to 2.00 BRL, in cents. */
export const VALIDATION_CENTS = { min: 1, max: 200 } as const;

/** A card is active at once, or pending its validation when a validation amount was charged. */
export const initialStatus = (validationCents: number | undefined): Card['status'] =>
  validationCents === undefined ? 'active' : 'pending_validation';

/** What activation reads of a card. */
export interface Activatable {
  status: Card['status'];
  validationCents: number | null;
}

/**
 * The spec: a card activates with the exact validation amount (an exact decimal of at most two
 * places: "1.23", not "1.230"), once, while it is pending its validation; a 400 otherwise.
 */
export function mustActivate(card: Activatable, activationValue: string): void {
  const cents = parseDecimalCents(activationValue);
  if (
    card.status !== 'pending_validation' ||
    cents === undefined ||
    cents !== card.validationCents
  ) {
    throw new ApiError(spec.invalidActivation());
  }
}

/**
 * A subscription keeps the card it is charged on, even once it ended (its record names it):
 * `subscription` is the newest of the card's, if any; a 400 naming it refuses the deletion.
 */
export function mayDelete(
  cardId: string,
  subscription: { id: string; status: string } | undefined,
): void {
  if (subscription === undefined) return;
  throw new ApiError(
    badRequest(
      `card ${cardId} is the payment method of subscription ${subscription.id} (${subscription.status}); it cannot be deleted`,
    ),
  );
}

/**
 * Where a card's id was given, as a refusal names it: in a charge's or subscription's
 * `paymentMethod`, or as `{id}` in a card route's path.
 */
export type CardIdPlace = 'paymentMethod.cardTokenId' | 'path parameter id';

/** Only a value shaped like a token is looked up as one (`cardNotFound`). */
export const mayBeToken = (id: string): boolean => id.startsWith('tok_');

/**
 * Why no card of the tenant has the id given. Registration answers both `id` and `token`, and
 * only the id is taken: the tenant's own token in its place (`ownCardOfToken`, the id of its
 * card) is a 400 that names its card, so the mistake shows in the sandbox rather than as a 404
 * in production. Any other value, another merchant's token included, is the spec's 404
 * `card not found`, which tells nothing about other merchants.
 */
export function cardNotFound(place: CardIdPlace, ownCardOfToken: string | undefined): ApiError {
  if (ownCardOfToken === undefined) return new ApiError(spec.cardNotFound());
  return new ApiError(
    badRequest(
      `${place} takes the card's id (card_…), not its token (tok_…); the card with this token is ${ownCardOfToken}`,
    ),
  );
}
