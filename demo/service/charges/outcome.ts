import type { ChallengeResult } from '../kernel/wire-types';
import { scenarioForCard } from '../three-ds/scenarios';
import type { Authentication } from '../three-ds/schema';
import type { Charge, ChargeEvent } from './charge';

/** Challenge states that fail the charge. */
const FAILED_STATES: ReadonlySet<string> = new Set(['failure', 'error']);

/**
 * The test cards whose issuer refuses the charge, even after a successful authentication: one
 * always, one when the merchant charges the stored card without the shopper (a renewal).
 */
const issuerDeclines = (cardNumber: string, merchantInitiated: boolean): boolean => {
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

/**
 * A charge awaiting its managed authentication, once that finished (`threeDS`, its result): paid
 * when it succeeded and the issuer accepts, failed otherwise. Returns the events, in order.
 */
export function settleResumed(
  charge: Charge,
  auth: Authentication,
  threeDS: ChallengeResult,
  at: string,
): ChargeEvent[] {
  charge.threeDS = threeDS;
  delete charge.nextAction;
  charge.updatedAt = at;
  if (auth.status === 'succeeded' && auth.scenario.charge === 'declined') {
    fail(charge, 'card_declined');
    return ['charge.updated'];
  }
  if (auth.status === 'succeeded') {
    charge.status = 'paid';
    charge.paidAt = at;
    return ['charge.paid', 'charge.updated'];
  }
  fail(charge, 'three_ds_failed');
  return ['charge.updated'];
}
