import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayOutcome } from '../charge-outcome';
import { CheckoutError } from '../errors';
import {
  applePayOptions,
  appleToken,
  fakeApplePaySession,
  fakePaymentRequest,
  fakeResponse,
} from '../test-support/apple-pay';
import { deferred, mountOptions } from '../test-support/checkout-ui';
import type { MountOptions, WalletPaymentMethod } from '../types';
import {
  APPLE_PAY_METHOD,
  applePayAvailability,
  applePayVersion,
  startApplePay,
  validToken,
} from './apple-pay';

beforeEach(() => {
  vi.stubGlobal('isSecureContext', true);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The token in the first onCharge payload. */
const chargedToken = (o: MountOptions) =>
  (vi.mocked(o.onCharge).mock.calls[0]?.[0].paymentMethod as WalletPaymentMethod | undefined)
    ?.wallet.token;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Mount options with Apple Pay, and an `end` spy. */
function setup(overrides: Partial<MountOptions> = {}) {
  const o = mountOptions({ applePay: applePayOptions(), ...overrides });
  const end = vi.fn<(outcome: PayOutcome | null) => void>();
  return { o, end };
}

describe('token validation (the spec\u2019s required members)', () => {
  const without = (path: string) => {
    const token = appleToken() as Record<string, unknown>;
    const [first, second] = path.split('.') as [string, string | undefined];
    if (second === undefined) delete token[first];
    else delete (token[first] as Record<string, unknown>)[second];
    return token;
  };

  it('accepts a real-looking token, extra members included', () => {
    expect(validToken(appleToken())).toBe(true);
  });

  it.each([
    'paymentData',
    'paymentData.data',
    'paymentData.signature',
    'paymentData.version',
    'paymentData.header',
    'paymentMethod',
    'transactionIdentifier',
  ])('refuses a token without %s', (path) => {
    expect(validToken(without(path))).toBe(false);
  });

  it.each([
    ['empty data', { paymentData: { ...appleToken().paymentData, data: '' } }],
    ['empty signature', { paymentData: { ...appleToken().paymentData, signature: '' } }],
    ['a header that is a string', { paymentData: { ...appleToken().paymentData, header: 'x' } }],
    ['data that is a number', { paymentData: { ...appleToken().paymentData, data: 42 } }],
    ['paymentMethod that is null', { paymentMethod: null }],
    ['an empty transactionIdentifier', { transactionIdentifier: '' }],
  ])('refuses %s', (_, change) => {
    expect(validToken({ ...appleToken(), ...change })).toBe(false);
  });

  it.each([undefined, null, 'token', [], 42])('refuses %j', (token) => {
    expect(validToken(token)).toBe(false);
  });
});

describe('availability and version negotiation', () => {
  it.each([
    [14, 14],
    [16, 14],
    [10, 10],
    [3, 3],
    [2, 0],
  ])('supporting versions up to %i → %i', (max, expected) => {
    vi.stubGlobal('ApplePaySession', fakeApplePaySession({ max }).Session);
    expect(applePayVersion()).toBe(expected);
  });

  it('0 without ApplePaySession, when canMakePayments() is false or throws, or on an insecure page', () => {
    expect(applePayVersion()).toBe(0);
    const { Session } = fakeApplePaySession({ canPay: false });
    vi.stubGlobal('ApplePaySession', Session);
    expect(applePayVersion()).toBe(0);
    Session.canMakePayments.mockImplementation(() => {
      throw new Error('InvalidAccessError');
    });
    expect(applePayVersion()).toBe(0);
    vi.stubGlobal('ApplePaySession', fakeApplePaySession().Session);
    vi.stubGlobal('isSecureContext', false);
    expect(applePayVersion()).toBe(0);
  });

  it('uses the Payment Request API (-1) only when ApplePaySession is absent', async () => {
    const { o } = setup();
    const pr = fakePaymentRequest();
    vi.stubGlobal('PaymentRequest', pr.Request);
    expect(await applePayAvailability(o)).toBe(-1);
    expect(pr.requests[0]?.methods[0]?.supportedMethods).toBe(APPLE_PAY_METHOD);

    vi.stubGlobal('ApplePaySession', fakeApplePaySession({ canPay: false }).Session);
    expect(await applePayAvailability(o)).toBe(0);
    expect(pr.requests).toHaveLength(1);

    vi.stubGlobal('ApplePaySession', fakeApplePaySession({ max: 12 }).Session);
    expect(await applePayAvailability(o)).toBe(12);
  });

  it('does not ask a native Payment Request without merchant validation (Chromium)', async () => {
    const { o } = setup();
    const pr = fakePaymentRequest();
    const native = class extends pr.Request {
      static override toString = () => 'function PaymentRequest() { [native code] }';
    };
    vi.stubGlobal('PaymentRequest', native);
    expect(await applePayAvailability(o)).toBe(0);
    expect(pr.requests).toHaveLength(0);
    Object.defineProperty(native.prototype, 'onmerchantvalidation', { value: null });
    expect(await applePayAvailability(o)).toBe(-1);
  });

  it('0 when the Payment Request cannot pay with Apple Pay, is missing, or the page is insecure', async () => {
    const { o } = setup();
    expect(await applePayAvailability(o)).toBe(0);
    vi.stubGlobal('PaymentRequest', fakePaymentRequest({ canPay: false }).Request);
    expect(await applePayAvailability(o)).toBe(0);
    vi.stubGlobal('PaymentRequest', fakePaymentRequest().Request);
    vi.stubGlobal('isSecureContext', false);
    expect(await applePayAvailability(o)).toBe(0);
  });
});

describe('ApplePaySession', () => {
  function run(overrides: Partial<MountOptions> = {}, version = 14) {
    const fake = fakeApplePaySession();
    vi.stubGlobal('ApplePaySession', fake.Session);
    const { o, end } = setup(overrides);
    const lifetime = new AbortController();
    startApplePay(o, version, end, lifetime.signal);
    const stop = () => lifetime.abort();
    const session = fake.sessions[0];
    if (!session) throw new Error('no session made');
    return { o, end, stop, session, Session: fake.Session };
  }

  it('makes the session at once, with the request, and begins it', () => {
    const { session } = run();
    expect(session.version).toBe(14);
    expect(session.request).toEqual({
      countryCode: 'BR',
      currencyCode: 'BRL',
      merchantCapabilities: ['supports3DS'],
      supportedNetworks: ['visa', 'masterCard', 'amex', 'elo', 'discover', 'jcb'],
      total: { label: 'Sandbox Shop', amount: '120.50' },
    });
    expect(session.begin).toHaveBeenCalledOnce();
  });

  it('leaves elo out below version 5; passes the merchant\u2019s networks and capabilities as given', () => {
    expect(run({}, 4).session.request.supportedNetworks).toEqual([
      'visa',
      'masterCard',
      'amex',
      'discover',
      'jcb',
    ]);
    vi.unstubAllGlobals();
    const { session } = run(
      {
        applePay: applePayOptions({
          supportedNetworks: ['visa', 'elo'],
          merchantCapabilities: ['supports3DS', 'supportsDebit'],
        }),
      },
      3,
    );
    expect(session.request).toMatchObject({
      supportedNetworks: ['visa', 'elo'],
      merchantCapabilities: ['supports3DS', 'supportsDebit'],
    });
  });

  it('writes the amount with the currency\u2019s decimals', () => {
    expect(run({ amount: 10, currency: 'USD' }).session.request.total).toEqual({
      label: 'Sandbox Shop',
      amount: '10.00',
    });
    vi.unstubAllGlobals();
    expect(run({ amount: 1500, currency: 'JPY' }).session.request.total).toMatchObject({
      amount: '1500',
    });
  });

  it('merchant validation: validateMerchant(validationURL) → completeMerchantValidation', async () => {
    const { o, session } = run();
    session.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway.apple.com/x' });
    expect(o.applePay?.validateMerchant).toHaveBeenCalledWith(
      'https://apple-pay-gateway.apple.com/x',
    );
    await flush();
    expect(session.completeMerchantValidation).toHaveBeenCalledWith({
      merchantSessionIdentifier: 'SSH_FAKE',
    });
    expect(session.abort).not.toHaveBeenCalled();
  });

  it.each([
    ['rejects', () => Promise.reject(new Error('503 from Apple'))],
    [
      'throws',
      () => {
        throw new Error('503 from Apple');
      },
    ],
  ])('validateMerchant %s → abort() and onError (configuration)', async (_, validateMerchant) => {
    const { o, end, session } = run({ applePay: applePayOptions({ validateMerchant }) });
    session.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway.apple.com/x' });
    await flush();
    expect(session.abort).toHaveBeenCalledOnce();
    expect(session.completeMerchantValidation).not.toHaveBeenCalled();
    expect(o.onError).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'configuration',
        message: 'Apple Pay: merchant validation failed: 503 from Apple',
      }),
    );
    expect(end).toHaveBeenCalledWith(expect.objectContaining({ kind: 'error' }));
    // Safari may still report the cancel of the aborted sheet: it changes nothing.
    session.oncancel?.();
    expect(o.onCancel).not.toHaveBeenCalled();
    expect(end).toHaveBeenCalledOnce();
  });

  it('a valid token goes to onCharge as the very same object, then STATUS_SUCCESS', async () => {
    const { o, end, session, Session } = run();
    const token = appleToken();
    session.onpaymentauthorized?.({ payment: { token } });
    await flush();
    expect(o.onCharge).toHaveBeenCalledOnce();
    const payload = vi.mocked(o.onCharge).mock.calls[0]?.[0];
    expect(payload).toEqual({
      paymentMethod: { type: 'credit_card', installments: 1, wallet: { type: 'apple_pay', token } },
    });
    expect(chargedToken(o)).toBe(token);
    expect(chargedToken(o)).toHaveProperty('futureMember', { kept: true });
    expect(session.completePayment).toHaveBeenCalledWith(Session.STATUS_SUCCESS);
    expect(end).toHaveBeenCalledWith({ kind: 'paid' });
    expect(o.onError).not.toHaveBeenCalled();
  });

  it('installments are 1 whatever the card form offers', async () => {
    const { o, session } = run({ installments: 12 });
    session.onpaymentauthorized?.({ payment: { token: appleToken() } });
    await flush();
    expect(vi.mocked(o.onCharge).mock.calls[0]?.[0].paymentMethod).toMatchObject({
      installments: 1,
    });
  });

  it('completes only once onCharge settled', async () => {
    const charge = deferred<unknown>();
    const { session, end } = run({ onCharge: vi.fn(() => charge.promise) });
    session.onpaymentauthorized?.({ payment: { token: appleToken() } });
    await flush();
    expect(session.completePayment).not.toHaveBeenCalled();
    expect(end).not.toHaveBeenCalled();
    charge.resolve({ id: 'ch_1', status: 'paid' });
    await flush();
    expect(session.completePayment).toHaveBeenCalledOnce();
  });

  it('onCharge rejects → STATUS_FAILURE, its message for the form, no onError', async () => {
    const { o, end, session, Session } = run({
      onCharge: vi.fn(async () => {
        throw new Error('Card declined by the issuer');
      }),
    });
    session.onpaymentauthorized?.({ payment: { token: appleToken() } });
    await flush();
    expect(session.completePayment).toHaveBeenCalledWith(Session.STATUS_FAILURE);
    expect(end).toHaveBeenCalledWith({
      kind: 'charge_rejected',
      message: 'Card declined by the issuer',
    });
    expect(o.onError).not.toHaveBeenCalled();
  });

  it.each([
    [{ id: 'ch_1', status: 'failed', failureReason: 'card_declined' }, 'declined'],
    [{ id: 'ch_1', status: 'pending' }, 'configuration'],
    [
      { id: 'ch_1', status: 'authentication_required', nextAction: { type: 'three_ds' } },
      'bad_response',
    ],
    [undefined, 'configuration'],
  ])('onCharge resolves %o → STATUS_FAILURE, onError (%s), never paid', async (charge, code) => {
    const { o, end, session, Session } = run({ onCharge: vi.fn(async () => charge) });
    session.onpaymentauthorized?.({ payment: { token: appleToken() } });
    await flush();
    expect(session.completePayment).toHaveBeenCalledExactlyOnceWith(Session.STATUS_FAILURE);
    expect(o.onError).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ code }));
    expect(end).toHaveBeenCalledExactlyOnceWith({
      kind: 'error',
      error: expect.any(CheckoutError),
    });
  });

  it('an invalid token → STATUS_FAILURE and onError (bad_response), no onCharge', async () => {
    const { o, end, session, Session } = run();
    const { transactionIdentifier: _, ...broken } = appleToken();
    session.onpaymentauthorized?.({ payment: { token: broken } });
    await flush();
    expect(o.onCharge).not.toHaveBeenCalled();
    expect(session.completePayment).toHaveBeenCalledWith(Session.STATUS_FAILURE);
    expect(o.onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'bad_response', message: 'Apple Pay: invalid token' }),
    );
    expect(end).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'error',
        error: expect.objectContaining({ code: 'bad_response' }),
      }),
    );
  });

  it('the shopper cancels → onCancel, end(null)', () => {
    const { o, end, session } = run();
    session.oncancel?.();
    expect(o.onCancel).toHaveBeenCalledOnce();
    expect(end).toHaveBeenCalledWith(null);
    expect(o.onError).not.toHaveBeenCalled();
  });

  it('the session cannot be made (e.g. not from a gesture) → onError (configuration)', () => {
    const { Session } = fakeApplePaySession({
      onConstruct: () => {
        throw new Error('Must create a new ApplePaySession from a user gesture handler.');
      },
    });
    vi.stubGlobal('ApplePaySession', Session);
    const { o, end } = setup();
    startApplePay(o, 14, end, new AbortController().signal);
    expect(o.onError).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'configuration',
        message: 'Apple Pay: Must create a new ApplePaySession from a user gesture handler.',
      }),
    );
    expect(end).toHaveBeenCalledOnce();
  });

  it('destroy (the signal) aborts the sheet; nothing is called after it', async () => {
    const charge = deferred<unknown>();
    const { o, end, stop, session } = run({ onCharge: vi.fn(() => charge.promise) });
    session.onpaymentauthorized?.({ payment: { token: appleToken() } });
    stop();
    expect(session.abort).toHaveBeenCalledOnce();
    charge.resolve({});
    session.oncancel?.();
    await flush();
    expect(session.completePayment).not.toHaveBeenCalled();
    expect(end).not.toHaveBeenCalled();
    expect(o.onCancel).not.toHaveBeenCalled();
  });

  it('destroy after the end does not abort a finished session', async () => {
    const { stop, session } = run();
    session.onpaymentauthorized?.({ payment: { token: appleToken() } });
    await flush();
    stop();
    expect(session.abort).not.toHaveBeenCalled();
  });
});

describe('Payment Request API (no ApplePaySession)', () => {
  function run(overrides: Partial<MountOptions> = {}) {
    const fake = fakePaymentRequest();
    vi.stubGlobal('PaymentRequest', fake.Request);
    const { o, end } = setup(overrides);
    const lifetime = new AbortController();
    startApplePay(o, -1, end, lifetime.signal);
    const stop = () => lifetime.abort();
    const request = fake.requests[0];
    if (!request) throw new Error('no request made');
    return { o, end, stop, request };
  }

  it('asks with the same payload, and show() is called at once', () => {
    const { request } = run();
    expect(request.methods).toEqual([
      {
        supportedMethods: 'https://apple.com/apple-pay',
        data: {
          version: 3,
          merchantIdentifier: '',
          countryCode: 'BR',
          merchantCapabilities: ['supports3DS'],
          supportedNetworks: ['visa', 'masterCard', 'amex', 'discover', 'jcb'],
        },
      },
    ]);
    expect(request.details).toEqual({
      total: { label: 'Sandbox Shop', amount: { currency: 'BRL', value: '120.50' } },
    });
    expect(request.show).toHaveBeenCalledOnce();
  });

  it('merchant validation: event.complete(validateMerchant(validationURL))', async () => {
    const { o, request } = run();
    const complete = vi.fn();
    request.onmerchantvalidation?.({
      validationURL: 'https://apple-pay-gateway.apple.com/x',
      complete,
    });
    expect(o.applePay?.validateMerchant).toHaveBeenCalledWith(
      'https://apple-pay-gateway.apple.com/x',
    );
    await expect(complete.mock.calls[0]?.[0]).resolves.toEqual({
      merchantSessionIdentifier: 'SSH_FAKE',
    });
  });

  it('a validation failure aborts the request and goes to onError, not onCancel', async () => {
    const { o, end, request } = run({
      applePay: applePayOptions({ validateMerchant: () => Promise.reject(new Error('no')) }),
    });
    const complete = vi.fn((merchantSession: Promise<unknown>) => {
      merchantSession.catch(() => request.refuse(new DOMException('aborted', 'AbortError')));
    });
    request.onmerchantvalidation?.({
      validationURL: 'https://apple-pay-gateway.apple.com/x',
      complete,
    });
    await flush();
    expect(request.abort).toHaveBeenCalledOnce();
    expect(o.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'configuration' }));
    expect(o.onCancel).not.toHaveBeenCalled();
    expect(end).toHaveBeenCalledOnce();
  });

  it('the token from response.details goes to onCharge as is; complete("success")', async () => {
    const { o, end, request } = run();
    const token = appleToken();
    const response = fakeResponse(token);
    request.answer(response);
    await flush();
    expect(chargedToken(o)).toBe(token);
    expect(response.complete).toHaveBeenCalledWith('success');
    expect(end).toHaveBeenCalledWith({ kind: 'paid' });
  });

  it('an invalid token → complete("fail"), onError, no onCharge', async () => {
    const { o, request } = run();
    const response = fakeResponse({ paymentData: {} });
    request.answer(response);
    await flush();
    expect(o.onCharge).not.toHaveBeenCalled();
    expect(response.complete).toHaveBeenCalledWith('fail');
    expect(o.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'bad_response' }));
  });

  it('onCharge resolves a failed charge → complete("fail"), onError (declined)', async () => {
    const { o, end, request } = run({ onCharge: async () => ({ id: 'ch_1', status: 'failed' }) });
    const response = fakeResponse(appleToken());
    request.answer(response);
    await flush();
    expect(response.complete).toHaveBeenCalledExactlyOnceWith('fail');
    expect(o.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'declined' }));
    expect(end).not.toHaveBeenCalledWith({ kind: 'paid' });
  });

  it('onCharge rejects → complete("fail")', async () => {
    const { request, end } = run({ onCharge: () => Promise.reject(new Error('Declined')) });
    const response = fakeResponse(appleToken());
    request.answer(response);
    await flush();
    expect(response.complete).toHaveBeenCalledWith('fail');
    expect(end).toHaveBeenCalledWith({ kind: 'charge_rejected', message: 'Declined' });
  });

  it('show() rejects with AbortError (the shopper closed the sheet) → onCancel', async () => {
    const { o, end, request } = run();
    request.refuse(new DOMException('closed', 'AbortError'));
    await flush();
    expect(o.onCancel).toHaveBeenCalledOnce();
    expect(end).toHaveBeenCalledWith(null);
  });

  it('show() rejects otherwise → onError (configuration)', async () => {
    const { o, request } = run();
    request.refuse(new DOMException('not supported', 'NotSupportedError'));
    await flush();
    expect(o.onCancel).not.toHaveBeenCalled();
    expect(o.onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'configuration', message: 'Apple Pay: not supported' }),
    );
  });

  it('destroy aborts the request', () => {
    const { stop, request } = run();
    stop();
    expect(request.abort).toHaveBeenCalledOnce();
  });
});
