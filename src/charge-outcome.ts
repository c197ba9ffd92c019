/**
 * What the merchant's answer means for the shopper. `onCharge` (and `onResume`) resolve with the
 * charge the merchant's server created: its `status` decides, and only `paid` is a success.
 * src/charge-flow.ts runs a payment with it, for every payment method.
 */

import { authenticateResponseSchema } from './api/schemas';
import { parse } from './checks';
import { CheckoutError, type ErrorCode } from './errors';
import type { AuthenticateResponse, AuthenticationResult, MountOptions } from './types';

/** How a payment attempt ended, in the terms the form shows. */
export type PayOutcome =
  | { kind: 'paid' }
  /** The 3DS authentication did not succeed; its status names the shopper's message. */
  | { kind: 'declined'; message: Exclude<AuthenticationResult['status'], 'succeeded'> }
  /** onCharge or onResume rejected: the form shows the merchant's message. */
  | { kind: 'charge_rejected'; message: string }
  /** For onError too: `declined` for a failed charge, `configuration` for an answer it cannot use. */
  | { kind: 'error'; error: CheckoutError };

/**
 * A charge's outcome, or what must happen first: the 3DS its next action asks for (managed 3DS),
 * or the shopper paying a `pending` charge (PIX).
 */
export type ChargeOutcome =
  | PayOutcome
  | { kind: 'authenticate'; nextAction: AuthenticateResponse }
  | { kind: 'pending' };

export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export const errorOutcome = (code: ErrorCode, message: string, cause?: unknown): PayOutcome => ({
  kind: 'error',
  error: new CheckoutError(code, message, { cause }),
});

/**
 * The outcome of the merchant's answer. A charge that needs the shopper for 3DS has
 * `status: 'authentication_required'` and a `nextAction` shaped like an authenticate answer (our
 * documented assumption: the spec does not show it).
 */
export function chargeOutcome(charge: unknown): ChargeOutcome {
  const { status, failureReason, nextAction } = Object(charge) as {
    status?: unknown;
    failureReason?: unknown;
    nextAction?: { type?: unknown };
  };
  if (status === 'paid') return { kind: 'paid' };
  if (status === 'authentication_required' || nextAction?.type === 'three_ds') {
    const parsed = parse(authenticateResponseSchema, nextAction);
    return parsed.success
      ? { kind: 'authenticate', nextAction: parsed.data }
      : errorOutcome('bad_response', 'The charge needs 3DS but has no valid nextAction');
  }
  if (status === 'pending') return { kind: 'pending' };
  if (status === 'failed') {
    const reason = typeof failureReason === 'string' ? `: ${failureReason}` : '';
    return errorOutcome('declined', `The charge failed${reason}`);
  }
  return errorOutcome(
    'configuration',
    typeof status === 'string'
      ? `The charge is ${status}, not paid`
      : 'onCharge and onResume must resolve with the charge',
  );
}

/** A `pending` charge where no PIX step can follow: a card's, a wallet's, or one already resumed. */
export const pendingWithoutPix = (): PayOutcome =>
  errorOutcome(
    'configuration',
    'The charge is pending, not paid: only a PIX payment waits for the shopper',
  );

/** The outcome where nothing more can follow: a charge already resumed, or one no step can take. */
export function finalOutcome(charge: unknown): PayOutcome {
  const outcome = chargeOutcome(charge);
  if (outcome.kind === 'pending') return pendingWithoutPix();
  return outcome.kind === 'authenticate'
    ? errorOutcome('configuration', 'The charge needs 3DS, which cannot run here')
    : outcome;
}

/** The merchant told how it ended: `onCancel` for the shopper's cancel, `onError` for an error. */
export function reportOutcome(options: MountOptions, outcome: PayOutcome | null): void {
  if (!outcome || (outcome.kind === 'declined' && outcome.message === 'canceled'))
    options.onCancel?.();
  else if (outcome.kind === 'error' && outcome.error.code !== 'aborted')
    options.onError?.(outcome.error);
}
