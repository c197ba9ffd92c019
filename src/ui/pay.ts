import { CheckoutError } from '../api/errors';
import { authenticateResponseSchema } from '../api/schemas';
import type { MountContext } from '../checkout';
import { collectBrowserInfo } from '../threeds/browser-info';
import type {
  AuthenticateResponse,
  AuthenticationResult,
  Card,
  CardPaymentMethod,
  ChargePayload,
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

const DECLINED: Record<Exclude<AuthenticationResult['status'], 'succeeded'>, MessageKey> = {
  failed: 'failed',
  canceled: 'canceled',
  error: 'error',
};

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
  if (signal.aborted) throw new CheckoutError('aborted', 'The payment was aborted');
}

async function callMerchant<T>(
  call: () => T | Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    // Ours (e.g. the element's unanswered event) is a setup error for onError, not a refusal.
    if (error instanceof CheckoutError) throw error;
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Runs one payment and says how it ended; merchant callbacks are called on the way. */
export async function pay(
  context: MountContext,
  options: MountOptions,
  method:
    | { card: NewCard; installments: number }
    | { saved: Card; cvv: string; installments: number },
  signal: AbortSignal,
): Promise<PayOutcome> {
  try {
    const managed = 'saved' in method || options.threeDS === 'managed';
    if (!managed)
      return await callerRun3ds(context, options, method.card, method.installments, signal);
    const browser = collectBrowserInfo({ ipAddress: context.options.ipAddress });
    const paymentMethod: CardPaymentMethod | SavedCardPaymentMethod =
      'saved' in method
        ? {
            type: 'credit_card',
            cardTokenId: method.saved.id,
            cvv: method.cvv,
            installments: method.installments,
            threeDSMode: 'managed',
            browser,
          }
        : {
            type: 'credit_card',
            ...method.card,
            installments: method.installments,
            threeDSMode: 'managed',
            browser,
          };
    return await managed3ds(context, options, { paymentMethod }, signal);
  } catch (error) {
    const failure =
      error instanceof CheckoutError
        ? error
        : new CheckoutError('configuration', String(error), { cause: error });
    if (failure.code !== 'aborted') options.onError?.(failure);
    return { kind: 'error', error: failure };
  }
}

/** Caller-run 3DS: authenticate in the browser, then hand variant A with `threeDS` to onCharge. */
async function callerRun3ds(
  context: MountContext,
  options: MountOptions,
  card: NewCard,
  installments: number,
  signal: AbortSignal,
): Promise<PayOutcome> {
  const { cvv, ...cardData } = card;
  const authentication = await context.checkout.authenticate(
    { amount: options.amount, currency: options.currency, card: cardData },
    { signal },
  );
  stopIfAborted(signal);
  if (authentication.status !== 'succeeded') return declined(authentication, options);
  const charged = await callMerchant(() =>
    options.onCharge({
      paymentMethod: {
        type: 'credit_card',
        ...card,
        installments,
        ...(authentication.threeDS && { threeDS: authentication.threeDS }),
      },
      authentication,
    }),
  );
  return charged.ok ? { kind: 'paid' } : { kind: 'charge_rejected', message: charged.message };
}

/** Managed 3DS: the merchant's server creates the charge; its next action runs here; onResume finishes it. */
async function managed3ds(
  context: MountContext,
  options: MountOptions,
  payload: ChargePayload,
  signal: AbortSignal,
): Promise<PayOutcome> {
  const charged = await callMerchant(() => options.onCharge(payload));
  if (!charged.ok) return { kind: 'charge_rejected', message: charged.message };
  stopIfAborted(signal);
  const nextAction = nextActionOf(charged.value);
  if (nextAction === undefined) return { kind: 'paid' };
  if (!options.onResume) {
    throw new CheckoutError(
      'configuration',
      'The charge needs 3DS: pass onResume to finish it (resume-3ds)',
    );
  }
  const authentication = await context.continueAuthentication(nextAction, { signal });
  stopIfAborted(signal);
  const resumed = await callMerchant(() =>
    options.onResume?.({ charge: charged.value, authentication }),
  );
  if (!resumed.ok) return { kind: 'charge_rejected', message: resumed.message };
  return authentication.status === 'succeeded'
    ? { kind: 'paid' }
    : declined(authentication, options);
}

function declined(authentication: AuthenticationResult, options: MountOptions): PayOutcome {
  if (authentication.status === 'canceled') options.onCancel?.();
  return { kind: 'declined', message: DECLINED[authentication.status as keyof typeof DECLINED] };
}
