/**
 * Apple Pay (the spec's paymentMethod variant C): availability, version, the token check and a
 * payment run, through `ApplePaySession` or, where that is absent, the Payment Request API.
 * Plain DOM, no Preact. A run starts synchronously in the click handler: Safari opens the sheet
 * only from a user gesture, so nothing may be awaited before the session or `show()`.
 */

import { runCharge } from '../charge-flow';
import { errorOutcome, messageOf, type PayOutcome, reportOutcome } from '../charge-outcome';
import { type Check, object, parse, rule } from '../checks';
import type { ErrorCode } from '../errors';
import type { ApplePayOptions, CustomerInput, MountOptions } from '../types';

/** The parts of Apple's `ApplePaySession` we use. */
export interface ApplePaySessionLike {
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(status: number): void;
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: (() => void) | null;
}

export interface ApplePaySessionClass {
  new (version: number, request: object): ApplePaySessionLike;
  canMakePayments(): boolean;
  supportsVersion(version: number): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

declare global {
  interface Window {
    ApplePaySession?: ApplePaySessionClass;
  }
}

/** The event the Payment Request API fires for Apple Pay's merchant validation. */
interface MerchantValidation {
  validationURL: string;
  complete(merchantSession: Promise<unknown>): void;
}

/** The Payment Request method identifier of Apple Pay. */
export const APPLE_PAY_METHOD = 'https://apple.com/apple-pay';

/** Apple's names for the networks; `elo` needs version 5. */
const NETWORKS = ['visa', 'masterCard', 'amex', 'elo', 'discover', 'jcb'];

const text: Check<string> = rule((value) => typeof value === 'string' && value !== '', 'is empty');

/** The spec's required members of the token, their strings not empty. It only checks: the token goes on untouched. */
const tokenSchema = object({
  paymentData: object({ data: text, signature: text, version: text, header: object({}) }),
  paymentMethod: object({}),
  transactionIdentifier: text,
});

export const validToken = (token: unknown): boolean => parse(tokenSchema, token).success;

/** The highest `ApplePaySession` version supported, 14 down to 3; 0 when Apple Pay is unavailable. */
export function applePayVersion(): number {
  try {
    const session = window.ApplePaySession;
    if (isSecureContext && session?.canMakePayments()) {
      for (let version = 14; version > 2; version--) {
        if (session.supportsVersion(version)) return version;
      }
    }
  } catch {
    // canMakePayments() throws in an insecure or cross-origin context: unavailable.
  }
  return 0;
}

/** What Apple's request and the Payment Request data share. */
const common = (ap: ApplePayOptions, version: number) => ({
  countryCode: ap.countryCode,
  merchantCapabilities: ap.merchantCapabilities ?? ['supports3DS'],
  supportedNetworks: ap.supportedNetworks ?? NETWORKS.filter((n) => version > 4 || n !== 'elo'),
});

/** `120.5` BRL → `'120.50'`: as many decimals as the currency has. */
const amountText = (o: MountOptions) =>
  o.amount.toFixed(
    new Intl.NumberFormat('en', { style: 'currency', currency: o.currency }).resolvedOptions()
      .maximumFractionDigits,
  );

/**
 * Apple Pay through the Payment Request API, version 3 (that API cannot negotiate versions).
 * Its `merchantIdentifier` is required but not among our options: the merchant session that
 * `validateMerchant` returns carries the merchant's identity.
 */
const paymentRequest = (o: MountOptions, ap: ApplePayOptions) =>
  new PaymentRequest(
    [
      {
        supportedMethods: APPLE_PAY_METHOD,
        data: { version: 3, merchantIdentifier: '', ...common(ap, 3) },
      },
    ],
    { total: { label: ap.label, amount: { currency: o.currency, value: amountText(o) } } },
  );

/**
 * How Apple Pay can run here: the `ApplePaySession` version (> 0), -1 for the Payment Request
 * API (asked only when `ApplePaySession` is absent), 0 not at all. A native Payment Request
 * without merchant validation (Chromium's) cannot do Apple Pay and is not asked: it would fetch
 * apple.com's payment method manifest, a CSP violation on strict pages. A script-defined one is.
 */
export async function applePayAvailability(o: MountOptions): Promise<number> {
  try {
    return (
      applePayVersion() ||
      (isSecureContext &&
      !window.ApplePaySession &&
      ('onmerchantvalidation' in PaymentRequest.prototype ||
        !String(PaymentRequest).includes('[native code]')) &&
      (await paymentRequest(o, o.applePay as ApplePayOptions).canMakePayment())
        ? -1
        : 0)
    );
  } catch {
    return 0;
  }
}

const noop = () => {};
const failure = (code: ErrorCode, message: string, cause?: unknown): PayOutcome =>
  errorOutcome(code, `Apple Pay: ${message}`, cause);

/**
 * Runs one Apple Pay payment through `ApplePaySession` when `version` > 0, else through the
 * Payment Request API. Call it in the click handler, with nothing awaited before. `end` gets the
 * outcome once (`null`: the shopper canceled), after `onError` or `onCancel`. Aborting `signal`
 * (destroy) closes the sheet, and no callback is called after it. `customer` goes to onCharge.
 */
export function startApplePay(
  o: MountOptions,
  version: number,
  end: (outcome: PayOutcome | null) => void,
  signal: AbortSignal,
  customer?: CustomerInput,
): void {
  const ap = o.applePay as ApplePayOptions;
  let over = false;
  let abort = noop;
  const stop = () => {
    if (!over) abort();
    over = true;
  };
  signal.addEventListener('abort', stop);
  /** `reported`: the charge flow has told onError or onCancel already. */
  const finish = (outcome: PayOutcome | null, reported = false) => {
    if (over) return;
    over = true;
    signal.removeEventListener('abort', stop);
    if (!reported) reportOutcome(o, outcome);
    end(outcome);
  };
  /** The merchant session; a rejection aborts the sheet and goes to onError (`configuration`). */
  const validate = (url: string) => {
    const merchantSession = new Promise((resolve) => resolve(ap.validateMerchant(url)));
    merchantSession.catch((error) => {
      if (over) return;
      abort();
      finish(failure('configuration', `merchant validation failed: ${messageOf(error)}`, error));
    });
    return merchantSession;
  };
  /**
   * The token checked, then handed to onCharge as it is: the same object, nothing copied. The
   * charge onCharge resolves with decides (src/charge-flow.ts); a wallet payment runs no 3DS
   * after it. That flow tells onError itself.
   */
  const authorize = (token: unknown): Promise<PayOutcome> =>
    runCharge(
      o,
      () =>
        validToken(token)
          ? {
              paymentMethod: {
                type: 'credit_card',
                installments: 1,
                wallet: { type: 'apple_pay', token },
              },
              ...(customer && { customer }),
            }
          : failure('bad_response', 'invalid token'),
      signal,
    );

  try {
    if (version > 0) {
      const Session = window.ApplePaySession as ApplePaySessionClass;
      const session = new Session(version, {
        ...common(ap, version),
        currencyCode: o.currency,
        total: { label: ap.label, amount: amountText(o) },
      });
      abort = () => session.abort();
      session.onvalidatemerchant = (event) => {
        validate(event.validationURL).then(
          (merchantSession) => over || session.completeMerchantValidation(merchantSession),
          noop,
        );
      };
      session.onpaymentauthorized = async (event) => {
        const outcome = await authorize(event.payment.token);
        if (!over) {
          session.completePayment(
            outcome.kind === 'paid' ? Session.STATUS_SUCCESS : Session.STATUS_FAILURE,
          );
        }
        finish(outcome, true);
      };
      session.oncancel = () => finish(null);
      session.begin();
    } else {
      const request = paymentRequest(o, ap) as PaymentRequest & {
        onmerchantvalidation: (event: MerchantValidation) => void;
      };
      abort = () => request.abort().catch(noop);
      // complete() belongs in the handler; on a rejection the request aborts and show() rejects.
      request.onmerchantvalidation = (event) => event.complete(validate(event.validationURL));
      request.show().then(
        async (response) => {
          const outcome = await authorize((response.details as { token?: unknown } | null)?.token);
          if (!over) response.complete(outcome.kind === 'paid' ? 'success' : 'fail').catch(noop);
          finish(outcome, true);
        },
        (error: Error | null) =>
          finish(
            error?.name === 'AbortError' ? null : failure('configuration', messageOf(error), error),
          ),
      );
    }
  } catch (error) {
    finish(failure('configuration', messageOf(error), error));
  }
}
