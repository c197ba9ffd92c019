/**
 * One payment, whatever its method: the payload handed to `onCharge`, the charge it resolves
 * with judged (src/charge-outcome.ts), managed 3DS and `onResume` when the charge asks for them,
 * and the merchant told how it ended. The card form and Apple Pay both run through here.
 */

import {
  type ChargeOutcome,
  chargeOutcome,
  finalOutcome,
  messageOf,
  type PayOutcome,
  pendingWithoutPix,
  reportOutcome,
} from './charge-outcome';
import type { MountContext } from './checkout';
import { abortedError, asCheckoutError, CheckoutError } from './errors';
import type { ChargePayload, MountOptions } from './types';

/** What a payment method hands over: the onCharge payload, or how it ended before onCharge. */
export type Prepared = ChargePayload | PayOutcome;

export interface ChargeSteps {
  /** Managed 3DS from a charge's next action; without it (a wallet) no 3DS can follow. */
  continueAuthentication?: MountContext['continueAuthentication'];
  /**
   * The PIX step for a `pending` charge; without it that charge is a `configuration` error.
   * `new_code`: the code expired and the shopper asked for another, so onCharge runs again.
   */
  pending?(charge: unknown, signal: AbortSignal): Promise<PayOutcome | 'new_code'>;
}

/** A merchant callback that rejected: the form shows its message. */
class Refusal extends Error {}

/** Once the flow is aborted (destroy()), no merchant callback is called any more. */
function stopIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortedError();
}

/** A merchant callback's answer; its failure becomes a `Refusal`. */
async function callMerchant<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // Ours (e.g. the element's unanswered event) is a setup error for onError, not a refusal.
    if (error instanceof CheckoutError) throw error;
    throw new Refusal(messageOf(error));
  }
}

/**
 * Runs one payment and says how it ended; `onCancel` or `onError` is called last. `prepare`
 * builds the payload (a caller-run 3DS happens there), or ends the payment before onCharge.
 */
export async function runCharge(
  options: MountOptions,
  prepare: () => Promise<Prepared> | Prepared,
  signal: AbortSignal,
  steps: ChargeSteps = {},
): Promise<PayOutcome> {
  const outcome = await attempt(options, prepare, signal, steps).catch(
    (error): PayOutcome =>
      error instanceof Refusal
        ? { kind: 'charge_rejected', message: error.message }
        : { kind: 'error', error: asCheckoutError(error, 'The payment could not run') },
  );
  reportOutcome(options, outcome);
  return outcome;
}

async function attempt(
  options: MountOptions,
  prepare: () => Promise<Prepared> | Prepared,
  signal: AbortSignal,
  { continueAuthentication, pending }: ChargeSteps,
): Promise<PayOutcome> {
  const payload = await prepare();
  stopIfAborted(signal);
  if (!('paymentMethod' in payload)) return payload;
  let charge: unknown;
  let outcome: ChargeOutcome | 'new_code' = 'new_code';
  while (outcome === 'new_code') {
    charge = await callMerchant(() => options.onCharge(payload));
    stopIfAborted(signal);
    outcome = chargeOutcome(charge);
    if (outcome.kind === 'pending') {
      if (!pending) return pendingWithoutPix();
      outcome = await pending(charge, signal);
      stopIfAborted(signal);
    }
  }
  if (outcome.kind !== 'authenticate') return outcome;
  if (!continueAuthentication) return finalOutcome(charge);
  if (!options.onResume) {
    throw new CheckoutError('configuration', 'The charge needs 3DS: pass onResume (resume-3ds)');
  }
  const resumedWith = await continueAuthentication(outcome.nextAction, { signal });
  stopIfAborted(signal);
  const answer = await callMerchant(() =>
    options.onResume?.({ charge, authentication: resumedWith }),
  );
  stopIfAborted(signal);
  const resumed = finalOutcome(answer);
  // Paid is paid, whatever the authentication said; else one that failed explains the failure.
  const { status } = resumedWith;
  return resumed.kind === 'paid' || status === 'succeeded'
    ? resumed
    : { kind: 'declined', message: status };
}
