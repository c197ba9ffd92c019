import { abortedError, asCheckoutError, CheckoutError } from '../api/errors';
import { chargeOutcome, finalOutcome, messageOf, type PayOutcome } from '../charge-outcome';
import type { MountContext } from '../checkout';
import { collectBrowserInfo } from '../threeds/browser-info';
import type {
  AuthenticationResult,
  Card,
  CustomerInput,
  MountOptions,
  PaymentMethod,
} from '../types';

export interface NewCard {
  number: string;
  holderName: string;
  expirationMonth: string;
  expirationYear: string;
  cvv: string;
}

type PayMethod = (
  | { card: NewCard; installments: number }
  | { saved: Card; cvv: string; installments: number }
) & { customer?: CustomerInput | undefined };

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

/** A 3DS authentication that did not succeed; a canceled one tells onCancel. */
function declined(
  status: Exclude<AuthenticationResult['status'], 'succeeded'>,
  options: MountOptions,
): PayOutcome {
  if (status === 'canceled') options.onCancel?.();
  return { kind: 'declined', message: status };
}

/**
 * Runs one payment and says how it ended; merchant callbacks are called on the way, onError
 * last. Caller-run 3DS authenticates here and hands variant A with `threeDS` to onCharge.
 * Managed 3DS (saved cards always) hands variant A or B with `browser` to onCharge. Either way
 * the charge onCharge resolves with decides: its next action, if any, runs here, and the charge
 * onResume resolves with decides then.
 */
export async function pay(
  context: MountContext,
  options: MountOptions,
  method: PayMethod,
  signal: AbortSignal,
): Promise<PayOutcome> {
  const outcome = await attempt(context, options, method, signal).catch(
    (error): PayOutcome =>
      error instanceof Refusal
        ? { kind: 'charge_rejected', message: error.message }
        : { kind: 'error', error: asCheckoutError(error, 'The payment could not run') },
  );
  if (outcome.kind === 'error' && outcome.error.code !== 'aborted')
    options.onError?.(outcome.error);
  return outcome;
}

async function attempt(
  context: MountContext,
  options: MountOptions,
  method: PayMethod,
  signal: AbortSignal,
): Promise<PayOutcome> {
  const { installments } = method;
  let paymentMethod: PaymentMethod;
  let authentication: AuthenticationResult | undefined;
  if ('card' in method && options.threeDS !== 'managed') {
    const { cvv, ...card } = method.card;
    authentication = await context.checkout.authenticate(
      { amount: options.amount, currency: options.currency, card },
      { signal },
    );
    stopIfAborted(signal);
    const { status } = authentication;
    if (status !== 'succeeded') return declined(status, options);
    paymentMethod = {
      type: 'credit_card',
      ...method.card,
      installments,
      ...(authentication.threeDS && { threeDS: authentication.threeDS }),
    };
  } else {
    paymentMethod = {
      type: 'credit_card',
      ...('card' in method ? method.card : { cardTokenId: method.saved.id, cvv: method.cvv }),
      installments,
      threeDSMode: 'managed',
      browser: collectBrowserInfo({ ipAddress: context.options.ipAddress }),
    };
  }
  const charge = await callMerchant(() =>
    options.onCharge({
      paymentMethod,
      ...(authentication && { authentication }),
      ...(method.customer && { customer: method.customer }),
    }),
  );
  stopIfAborted(signal);
  const outcome = chargeOutcome(charge);
  if (outcome.kind !== 'authenticate') return outcome;
  if (!options.onResume) {
    throw new CheckoutError('configuration', 'The charge needs 3DS: pass onResume (resume-3ds)');
  }
  const resumedWith = await context.continueAuthentication(outcome.nextAction, { signal });
  stopIfAborted(signal);
  const answer = await callMerchant(() =>
    options.onResume?.({ charge, authentication: resumedWith }),
  );
  stopIfAborted(signal);
  const resumed = finalOutcome(answer);
  // Paid is paid, whatever the authentication said; else one that failed explains the failure.
  const { status } = resumedWith;
  return resumed.kind === 'paid' || status === 'succeeded' ? resumed : declined(status, options);
}
