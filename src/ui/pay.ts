import { abortedError, asCheckoutError, CheckoutError } from '../api/errors';
import { authenticateResponseSchema } from '../api/schemas';
import type { MountContext } from '../checkout';
import { collectBrowserInfo } from '../threeds/browser-info';
import type {
  AuthenticateResponse,
  AuthenticationResult,
  Card,
  CardPaymentMethod,
  MountOptions,
  SavedCardPaymentMethod,
} from '../types';
import type { MessageKey } from './i18n';

/** How a payment attempt ended, in the terms the form shows. */
export type PayOutcome =
  | { kind: 'paid' }
  | { kind: 'declined'; message: MessageKey }
  | { kind: 'charge_rejected'; message: string }
  | { kind: 'error'; error: CheckoutError };

export interface NewCard {
  number: string;
  holderName: string;
  expirationMonth: string;
  expirationYear: string;
  cvv: string;
}

/** A merchant callback that rejected: the form shows its message. */
class Refusal extends Error {}

export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/**
 * A charge that still needs the shopper for 3DS — `status: 'authentication_required'` with a
 * `nextAction` shaped like an authenticate answer (our documented assumption: the spec does not
 * show it). `undefined` when the charge needs nothing more.
 */
function nextActionOf(charge: unknown): AuthenticateResponse | undefined {
  const record = charge as { status?: unknown; nextAction?: { type?: unknown } } | null;
  if (record?.status !== 'authentication_required' && record?.nextAction?.type !== 'three_ds')
    return undefined;
  const parsed = authenticateResponseSchema.safeParse(record.nextAction);
  if (parsed.success) return parsed.data;
  throw new CheckoutError('bad_response', 'The charge needs 3DS but has no valid nextAction');
}

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

/** The end of a 3DS authentication: paid only when it succeeded; a canceled one tells onCancel. */
function settle(authentication: AuthenticationResult, options: MountOptions): PayOutcome {
  const { status } = authentication;
  if (status === 'succeeded') return { kind: 'paid' };
  if (status === 'canceled') options.onCancel?.();
  return { kind: 'declined', message: status };
}

/**
 * Runs one payment and says how it ended; merchant callbacks are called on the way.
 * Caller-run 3DS authenticates here and hands variant A with `threeDS` to onCharge. Managed 3DS
 * (saved cards always) hands variant A or B with `browser` to onCharge; the charge's next action,
 * if any, runs here, and onResume finishes it.
 */
export async function pay(
  context: MountContext,
  options: MountOptions,
  method:
    | { card: NewCard; installments: number }
    | { saved: Card; cvv: string; installments: number },
  signal: AbortSignal,
): Promise<PayOutcome> {
  const { installments } = method;
  try {
    if ('card' in method && options.threeDS !== 'managed') {
      const { cvv, ...card } = method.card;
      const authentication = await context.checkout.authenticate(
        { amount: options.amount, currency: options.currency, card },
        { signal },
      );
      stopIfAborted(signal);
      if (authentication.status === 'succeeded') {
        await callMerchant(() =>
          options.onCharge({
            paymentMethod: {
              type: 'credit_card',
              ...method.card,
              installments,
              ...(authentication.threeDS && { threeDS: authentication.threeDS }),
            },
            authentication,
          }),
        );
      }
      return settle(authentication, options);
    }
    const paymentMethod: CardPaymentMethod | SavedCardPaymentMethod = {
      type: 'credit_card',
      ...('card' in method ? method.card : { cardTokenId: method.saved.id, cvv: method.cvv }),
      installments,
      threeDSMode: 'managed',
      browser: collectBrowserInfo({ ipAddress: context.options.ipAddress }),
    };
    const charge = await callMerchant(() => options.onCharge({ paymentMethod }));
    stopIfAborted(signal);
    const nextAction = nextActionOf(charge);
    if (nextAction === undefined) return { kind: 'paid' };
    if (!options.onResume) {
      throw new CheckoutError('configuration', 'The charge needs 3DS: pass onResume (resume-3ds)');
    }
    const authentication = await context.continueAuthentication(nextAction, { signal });
    stopIfAborted(signal);
    await callMerchant(() => options.onResume?.({ charge, authentication }));
    return settle(authentication, options);
  } catch (error) {
    if (error instanceof Refusal) return { kind: 'charge_rejected', message: error.message };
    const failure = asCheckoutError(error, 'The payment could not run');
    if (failure.code !== 'aborted') options.onError?.(failure);
    return { kind: 'error', error: failure };
  }
}
