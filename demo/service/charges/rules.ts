import type { Customer } from '../customers/schema';
import { toCents } from '../kernel/db/money';
import { ApiError, badRequest, ownError, spec } from '../kernel/http/errors';
import type { ChallengeResult } from '../kernel/wire-types';
import { settled } from '../three-ds/rules';
import { scenarioForCard } from '../three-ds/scenarios';
import type { Authentication } from '../three-ds/schema';
import type { Change, Charge, ChargeEvent, NextAction, PaymentMethodSummary } from './charge';
import { hasOnlyValidItemTypes, type NewCharge } from './schema';

/**
 * A charge's decisions, pure (the charge and the merchant's clock now in; its change out, or an
 * ApiError naming why not). `store.ts` reads and writes them; the PIX ones are `pix/rules.ts`.
 *
 * | from | to | when | events |
 * |---|---|---|---|
 * | (new) | paid | the card is accepted (`settleNew`) | `charge.created`, `charge.paid` |
 * | (new) | failed | refused, its `threeDS` failed, or the issuer declines | `charge.created`, `charge.updated` |
 * | (new) | authentication_required | managed 3DS (`threeDSMode: "managed"`) | `charge.created` |
 * | authentication_required | paid / failed | resume-3ds once it finished (`settleResumed`) | `charge.paid`, `charge.updated` / `charge.updated` |
 * | paid | refunded | a full refund (`refund`) | `charge.refunded` |
 */

/** The items' types are the spec's (422, the spec's message, otherwise). */
export function mustHaveValidItems(items: NewCharge['items']): void {
  if (!hasOnlyValidItemTypes(items)) throw new ApiError(spec.invalidItems());
}

/** Validation allows two decimal places; an amount too large for exact cents is refused here. */
export function amountCentsOf(amount: number): number {
  try {
    return toCents(amount);
  } catch {
    throw new ApiError(badRequest('amount is too large'));
  }
}

/** A saved card is charged only while `active` (422 otherwise). */
export function savedCardMustBeActive(card: { id: string; status: string }): void {
  if (card.status !== 'active') {
    throw new ApiError(
      ownError(
        422,
        `card ${card.id} is not active (status ${card.status}); activate it before charging`,
      ),
    );
  }
}

/** What a new charge is made of, decided and looked up before it is settled. */
export interface NewChargeParts {
  id: string;
  input: NewCharge;
  amountCents: number;
  customer: Customer;
  paymentMethod: PaymentMethodSummary;
  /** When it is made, on the merchant's clock. */
  at: Date;
}

/** A new charge before its outcome: `paid` until `settleNew` (or `startPix`) decides otherwise. */
export function newCharge(parts: NewChargeParts): Charge {
  const { id, input, amountCents, customer, paymentMethod, at } = parts;
  return {
    id,
    amountCents,
    currency: input.currency,
    status: 'paid',
    livemode: false,
    customer,
    paymentMethod,
    items: input.items,
    ...(input.postbackUrl === undefined ? {} : { postbackUrl: input.postbackUrl }),
    createdAt: at,
    updatedAt: at,
  };
}

/** Managed 3DS: the charge waits for the widget's steps, continuing with `nextAction`. */
export function awaitAuthentication(charge: Charge, nextAction: NextAction): void {
  charge.status = 'authentication_required';
  charge.nextAction = nextAction;
}

/** Challenge states that fail the charge. */
const FAILED_STATES: ReadonlySet<string> = new Set(['failure', 'error']);

/**
 * The test cards whose issuer refuses the charge, even after a successful authentication: one
 * always, one when the merchant charges the stored card without the shopper (a renewal).
 */
export const issuerDeclines = (cardNumber: string, merchantInitiated: boolean): boolean => {
  const behaviour = scenarioForCard(cardNumber).charge;
  return behaviour === 'declined' || (merchantInitiated && behaviour === 'declines_renewals');
};

function fail(charge: Charge, reason: string): void {
  charge.status = 'failed';
  charge.failureReason = reason;
}

/**
 * A new charge's outcome once its managed authentication (if any) is started: refused before the
 * card is tried (`refusal`, its `failureReason`), its `threeDS` failed, the issuer declines, or
 * paid. Returns the events it emits, in order.
 */
export function settleNew(
  charge: Charge,
  threeDS: ChallengeResult | undefined,
  cardNumber: string | undefined,
  merchantInitiated = false,
  refusal?: string,
): ChargeEvent[] {
  if (refusal !== undefined) fail(charge, refusal);
  if (charge.status === 'paid' && threeDS !== undefined) {
    charge.threeDS = threeDS;
    if (FAILED_STATES.has(threeDS.state)) fail(charge, 'three_ds_failed');
  }
  if (
    charge.status === 'paid' &&
    cardNumber !== undefined &&
    issuerDeclines(cardNumber, merchantInitiated)
  ) {
    fail(charge, 'card_declined');
  }
  if (charge.status === 'paid') charge.paidAt = charge.createdAt;
  const events: ChargeEvent[] = ['charge.created'];
  if (charge.status === 'paid') events.push('charge.paid');
  if (charge.status === 'failed') events.push('charge.updated');
  return events;
}

/** Only a charge awaiting its managed authentication is resumed: its `nextAction` (400 otherwise). */
export function awaitedAuthentication(charge: Charge): NextAction {
  const action = charge.nextAction;
  if (charge.status !== 'authentication_required' || action === undefined) {
    throw new ApiError(
      badRequest(`charge ${charge.id} is not awaiting authentication (status ${charge.status})`),
    );
  }
  return action;
}

/** The result of an authentication the widget finished (400 while its steps are left to run). */
export function finishedAuthentication(auth: Authentication): ChallengeResult {
  const threeDS = settled(auth);
  if (threeDS === undefined) {
    throw new ApiError(
      badRequest(
        `authentication ${auth.id} is not finished (status ${auth.status}); run its fingerprint, submit and challenge steps first`,
      ),
    );
  }
  return threeDS;
}

/**
 * A charge awaiting its managed authentication, once that finished (`threeDS`, its result), at
 * `at`: paid when it succeeded and the issuer accepts, failed otherwise.
 */
export function settleResumed(
  charge: Charge,
  auth: Authentication,
  threeDS: ChallengeResult,
  at: Date,
): Change {
  charge.threeDS = threeDS;
  delete charge.nextAction;
  charge.updatedAt = at;
  if (auth.status === 'succeeded' && auth.scenario.charge === 'declined') {
    fail(charge, 'card_declined');
    return { charge, events: ['charge.updated'] };
  }
  if (auth.status === 'succeeded') {
    charge.status = 'paid';
    charge.paidAt = at;
    return { charge, events: ['charge.paid', 'charge.updated'] };
  }
  fail(charge, 'three_ds_failed');
  return { charge, events: ['charge.updated'] };
}

/** A full refund at `at`: only a paid charge is refunded (400 otherwise, e.g. twice). */
export function refund(charge: Charge, at: Date): Change {
  if (charge.status !== 'paid') {
    throw new ApiError(
      badRequest(`only paid charges can be refunded (charge ${charge.id} is ${charge.status})`),
    );
  }
  charge.status = 'refunded';
  charge.refundedAt = at;
  charge.updatedAt = at;
  return { charge, events: ['charge.refunded'] };
}
