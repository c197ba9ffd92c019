import type { Page } from '@playwright/test';

/**
 * A fake `ApplePaySession` a test injects before any page script runs. It records what the
 * widget does in `window.applePayFake.log`; the test plays Apple's part through it.
 */

/** A token with the shape of a real EC_v1 one, and a member the spec does not list. */
export const TOKEN = {
  paymentData: {
    data: 'c2ltdWxhdGVkIGVuY3J5cHRlZCBwYXltZW50IGRhdGE=',
    signature: 'c2ltdWxhdGVkIHNpZ25hdHVyZQ==',
    header: {
      ephemeralPublicKey: 'TUZrd0V3WUhLb1pJemowQ0FRWUlLb1pJemowREFRY0RRZ0FF',
      publicKeyHash: 'LbsUwAT6w1JV9tFXocU813TCHks+LSuFF0R/eBkrWnQ=',
      transactionId: 'd3b28af9e1c4e0f5a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0',
    },
    version: 'EC_v1',
  },
  paymentMethod: { displayName: 'Visa 0492', network: 'Visa', type: 'debit' },
  transactionIdentifier: 'D3B28AF9E1C4E0F5A3B2C1D0E9F8A7B6C5D4E3F2A1B0C9D8E7F6A5B4C3D2E1F0',
  futureMember: { addedBy: 'a later Apple Pay version' },
};

export interface FakeEntry {
  type: string;
  version?: number;
  request?: Record<string, unknown>;
  userActivation?: boolean;
  status?: number;
  session?: unknown;
}

interface FakeSessionInPage {
  onpaymentauthorized(event: { payment: { token: unknown } }): void;
  oncancel(event: unknown): void;
}

declare global {
  interface Window {
    applePayFake: { log: FakeEntry[]; session?: FakeSessionInPage };
  }
}

/** Installs the fake before the page's scripts. */
export async function installFakeApplePay(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: FakeEntry[] = [];
    window.applePayFake = { log };
    class FakeApplePaySession {
      static STATUS_SUCCESS = 0;
      static STATUS_FAILURE = 1;
      static canMakePayments = () => true;
      static supportsVersion = (version: number) => version <= 14;
      onvalidatemerchant: ((event: { validationURL: string }) => void) | null = null;
      onpaymentauthorized: ((event: unknown) => void) | null = null;
      oncancel: ((event: unknown) => void) | null = null;
      constructor(version: number, request: Record<string, unknown>) {
        log.push({
          type: 'new',
          version,
          request,
          userActivation: navigator.userActivation.isActive,
        });
        window.applePayFake.session = this as unknown as FakeSessionInPage;
      }
      begin() {
        log.push({ type: 'begin' });
        setTimeout(() =>
          this.onvalidatemerchant?.({
            validationURL: 'https://apple-pay-gateway.apple.com/paymentservices/startSession',
          }),
        );
      }
      completeMerchantValidation(session: unknown) {
        log.push({ type: 'completeMerchantValidation', session });
      }
      completePayment(status: number) {
        log.push({ type: 'completePayment', status });
      }
      abort() {
        log.push({ type: 'abort' });
      }
    }
    Object.assign(window, { ApplePaySession: FakeApplePaySession });
  });
}
