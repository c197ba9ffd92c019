/**
 * What the merchant's answer means for the shopper. `onCharge` (and `onResume`) resolve with the
 * charge the merchant's server created: its `status` decides, and only `paid` is a success.
 * Shared by the card form and the wallet.
 */
import { CheckoutError, type ErrorCode } from './api/errors';
import { authenticateResponseSchema } from './api/schemas';
import { parse } from './checks';
import type { AuthenticateResponse, AuthenticationResult } from './types';

/** How a payment attempt ended, in the terms the form shows. */
export type PayOutcome =
  | { kind: 'paid' }
  /** The 3DS authentication did not succeed; its status names the shopper's message. */
  | { kind: 'declined'; message: Exclude<AuthenticationResult['status'], 'succeeded'> }
  /** onCharge or onResume rejected: the form shows the merchant's message. */
  | { kind: 'charge_rejected'; message: string }
  /** For onError too: `declined` for a failed charge, `configuration` for an answer it cannot use. */
  | { kind: 'error'; error: CheckoutError };

/** A charge's outcome, or the 3DS its next action asks for first (managed 3DS). */
export type ChargeOutcome = PayOutcome | { kind: 'authenticate'; nextAction: AuthenticateResponse };

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
  if (status === 'failed') {
    const reason = typeof failureReason === 'string' ? `: ${failureReason}` : '';
    return errorOutcome('declined', `The charge failed${reason}`);
  }
  return errorOutcome(
    'configuration',
    typeof status === 'string'
      ? `The charge is ${status}, not paid${status === 'pending' ? ': PIX is not enabled in this form' : ''}`
      : 'onCharge and onResume must resolve with the charge',
  );
}

/** The outcome where no 3DS can follow: a wallet payment, or a charge already resumed. */
export function finalOutcome(charge: unknown): PayOutcome {
  const outcome = chargeOutcome(charge);
  return outcome.kind === 'authenticate'
    ? errorOutcome('configuration', 'The charge needs 3DS, which cannot run here')
    : outcome;
}
