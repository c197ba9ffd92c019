/**
 * Test doubles of Apple's `ApplePaySession` and of a Payment Request that pays with Apple Pay.
 * Test support only: never imported by the library.
 */
import { type Mock, vi } from 'vitest';
import type { ApplePayOptions } from '../types';
import type { ApplePaySessionLike } from '../wallet/apple-pay';

/** A token as Apple Pay produces it (EC_v1), plus a member the spec does not list. */
export const appleToken = () => ({
  paymentData: {
    data: 'ZW5jcnlwdGVkIHBheW1lbnQgZGF0YQ==',
    signature: 'c2lnbmF0dXJl',
    version: 'EC_v1',
    header: {
      ephemeralPublicKey: 'a2V5',
      publicKeyHash: 'aGFzaA==',
      transactionId: 'c0ffee',
    },
  },
  paymentMethod: { displayName: 'Visa 0492', network: 'Visa', type: 'debit' },
  transactionIdentifier: 'C0FFEE',
  futureMember: { kept: true },
});

export const applePayOptions = (overrides: Partial<ApplePayOptions> = {}): ApplePayOptions => ({
  countryCode: 'BR',
  label: 'Sandbox Shop',
  validateMerchant: vi.fn(async () => ({ merchantSessionIdentifier: 'SSH_FAKE' })),
  ...overrides,
});

export interface FakeSession extends ApplePaySessionLike {
  version: number;
  request: Record<string, unknown>;
  begin: Mock<() => void>;
  abort: Mock<() => void>;
  completeMerchantValidation: Mock<(merchantSession: unknown) => void>;
  completePayment: Mock<(status: number) => void>;
}

/**
 * A fresh `ApplePaySession` class: `canMakePayments()` answers `canPay`, versions up to `max`
 * are supported, every session made is in `sessions`, and `onConstruct` runs in the constructor.
 */
export function fakeApplePaySession({ canPay = true, max = 14, onConstruct = () => {} } = {}) {
  const sessions: FakeSession[] = [];
  class Session implements ApplePaySessionLike {
    static readonly STATUS_SUCCESS = 0;
    static readonly STATUS_FAILURE = 1;
    static canMakePayments = vi.fn(() => canPay);
    static supportsVersion = vi.fn((version: number) => version <= max);
    begin = vi.fn<() => void>();
    abort = vi.fn<() => void>();
    completeMerchantValidation = vi.fn<(merchantSession: unknown) => void>();
    completePayment = vi.fn<(status: number) => void>();
    onvalidatemerchant: ApplePaySessionLike['onvalidatemerchant'] = null;
    onpaymentauthorized: ApplePaySessionLike['onpaymentauthorized'] = null;
    oncancel: ApplePaySessionLike['oncancel'] = null;
    constructor(
      readonly version: number,
      readonly request: Record<string, unknown>,
    ) {
      onConstruct();
      sessions.push(this);
    }
  }
  return { Session, sessions };
}

export interface FakeRequest {
  methods: Array<{ supportedMethods: string; data: Record<string, unknown> }>;
  details: { total: { label: string; amount: { currency: string; value: string } } };
  onmerchantvalidation?: (event: {
    validationURL: string;
    complete(merchantSession: Promise<unknown>): void;
  }) => void;
  show: Mock<() => Promise<unknown>>;
  abort: Mock<() => Promise<void>>;
  /** Settles the promise show() returned. */
  answer(response: unknown): void;
  refuse(error: unknown): void;
}

/** A `PaymentRequest` class whose canMakePayment() answers `canPay`; requests land in `requests`. */
export function fakePaymentRequest({ canPay = true, onShow = () => {} } = {}) {
  const requests: FakeRequest[] = [];
  class Request {
    answer!: (response: unknown) => void;
    refuse!: (error: unknown) => void;
    onmerchantvalidation?: FakeRequest['onmerchantvalidation'];
    canMakePayment = vi.fn(async () => canPay);
    abort = vi.fn(async () => {});
    show = vi.fn(() => {
      onShow();
      return new Promise((resolve, reject) => {
        this.answer = resolve;
        this.refuse = reject;
      });
    });
    constructor(
      readonly methods: FakeRequest['methods'],
      readonly details: FakeRequest['details'],
    ) {
      requests.push(this as unknown as FakeRequest);
    }
  }
  return { Request, requests };
}

/** A Payment Request response carrying the token. */
export const fakeResponse = (token: unknown) => ({
  details: { token },
  complete: vi.fn(async (_result: string) => {}),
});
