import { fireEvent } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutError } from '../errors';
import { applePayOptions, appleToken, fakeApplePaySession } from '../test-support/apple-pay';
import {
  authResult,
  cleanPage,
  fillCard,
  type MountedUi,
  mountWithFakeEngine,
  noticeText,
  payButton,
  savedCard,
  type,
} from '../test-support/checkout-ui';
import type { MountOptions } from '../types';

const PAID = 'Payment approved. Thank you!';
const DECLINED = 'The payment was declined. Try again or use another card.';
const UNEXPECTED = 'Something went wrong. Please try again.';
const BANK_FAILED = 'Your bank did not approve this payment. Try again or use another card.';
const BANK_CANCELED = 'The payment was not confirmed with your bank. You can try again.';

const NEXT_ACTION = {
  type: 'three_ds',
  authenticationId: 'auth_7',
  status: 'requires_challenge',
  challengeUrl: 'https://acs.example/challenge/auth_7',
};
const PAID_CHARGE = { id: 'ch_1', status: 'paid' };

let session: ReturnType<typeof fakeApplePaySession>;
beforeEach(() => {
  vi.stubGlobal('isSecureContext', true);
  session = fakeApplePaySession();
  vi.stubGlobal('ApplePaySession', session.Session);
});
afterEach(() => {
  cleanPage();
  vi.unstubAllGlobals();
});

const tryAgain = (m: MountedUi) => m.ui.queryByRole('button', { name: 'Try again' });
const appleButton = (m: MountedUi) => m.ui.queryByRole('button', { name: 'Pay with Apple Pay' });

interface Method {
  options: Partial<MountOptions>;
  /** Starts one payment the way a shopper does. */
  start(m: MountedUi, attempt: number): void;
  /** Whether the charge's next action (managed 3DS) can run after this method's onCharge. */
  authenticates: boolean;
}

const METHODS: Record<string, Method> = {
  'a new card, caller-run 3DS': {
    options: {},
    start(m, attempt) {
      if (attempt === 0) fillCard(m.root);
      fireEvent.click(payButton(m.root));
    },
    authenticates: true,
  },
  'a new card, managed 3DS': {
    options: { threeDS: 'managed' },
    start(m, attempt) {
      if (attempt === 0) fillCard(m.root);
      fireEvent.click(payButton(m.root));
    },
    authenticates: true,
  },
  'a saved card': {
    options: { savedCards: [savedCard()] },
    start(m, attempt) {
      if (attempt === 0) type(m.root, 'cvv', '123');
      fireEvent.click(payButton(m.root));
    },
    authenticates: true,
  },
  'Apple Pay': {
    options: { applePay: applePayOptions() },
    start(m, attempt) {
      fireEvent.click(appleButton(m) as HTMLElement);
      session.sessions[attempt]?.onpaymentauthorized?.({ payment: { token: appleToken() } });
    },
    authenticates: false,
  },
};

/** What the merchant's onCharge may answer, and what the form must make of it. */
const ANSWERS: [string, () => unknown, { text: string; code?: string; detail?: RegExp }][] = [
  [
    '{ status: failed }',
    () => ({ id: 'ch_1', status: 'failed' }),
    { text: DECLINED, code: 'declined' },
  ],
  [
    '{ status: failed, failureReason }',
    () => ({ id: 'ch_1', status: 'failed', failureReason: 'card_declined' }),
    { text: DECLINED, code: 'declined', detail: /card_declined/ },
  ],
  [
    '{ status: pending }',
    () => ({ status: 'pending' }),
    { text: UNEXPECTED, code: 'configuration', detail: /PIX/ },
  ],
  [
    '{ status: weird }',
    () => ({ status: 'weird' }),
    { text: UNEXPECTED, code: 'configuration', detail: /weird/ },
  ],
  ['{}', () => ({}), { text: UNEXPECTED, code: 'configuration' }],
  ['undefined', () => undefined, { text: UNEXPECTED, code: 'configuration' }],
  ['null', () => null, { text: UNEXPECTED, code: 'configuration' }],
  ['a string', () => 'paid', { text: UNEXPECTED, code: 'configuration' }],
  [
    'a rejected promise',
    () => Promise.reject(new Error('Refused by the shop: <b>limit</b>')),
    { text: 'Refused by the shop: <b>limit</b>' },
  ],
];

async function mountFor(method: Method, onCharge: MountOptions['onCharge'], more = {}) {
  const m = mountWithFakeEngine({ ...method.options, onCharge: vi.fn(onCharge), ...more });
  if (method.options.applePay) await vi.waitFor(() => expect(appleButton(m)).not.toBeNull());
  return m;
}

/** Starts a payment and waits for its notice. */
async function attempt(m: MountedUi, method: Method, n: number): Promise<string> {
  method.start(m, n);
  await vi.waitFor(() => expect(noticeText(m.root)).not.toBe(''));
  return noticeText(m.root);
}

/** The status Apple Pay's sheet was completed with, as a name. */
const sheetStatus = (n: number) => {
  const status = session.sessions[n]?.completePayment.mock.calls[0]?.[0];
  return status === session.Session.STATUS_SUCCESS
    ? 'success'
    : status === undefined
      ? 'none'
      : 'failure';
};

describe.each(Object.entries(METHODS))('what onCharge answers decides: %s', (_, method) => {
  it('{ status: paid } → approved, and nothing for onError', async () => {
    const m = await mountFor(method, async () => PAID_CHARGE);
    expect(await attempt(m, method, 0)).toBe(PAID);
    expect(m.options.onError).not.toHaveBeenCalled();
    expect(m.root.querySelector('.notice')?.classList.contains('good')).toBe(true);
    if (method.options.applePay) expect(sheetStatus(0)).toBe('success');
  });

  it.each(ANSWERS)('%s → never approved, a retry, onError as told', async (_, answer, expected) => {
    const onCharge = vi.fn().mockImplementationOnce(answer).mockResolvedValueOnce(PAID_CHARGE);
    const m = await mountFor(method, onCharge);
    const text = await attempt(m, method, 0);
    expect(text).toContain(expected.text);
    expect(text).not.toContain(PAID);
    expect(m.root.querySelector('.notice')?.classList.contains('bad')).toBe(true);
    expect(m.root.querySelector('b')).toBeNull(); // merchant text stays text
    expect(tryAgain(m)).not.toBeNull();
    if (expected.code) {
      expect(m.options.onError).toHaveBeenCalledOnce();
      const error = m.options.onError.mock.calls[0]?.[0];
      expect(error).toBeInstanceOf(CheckoutError);
      expect(error?.code).toBe(expected.code);
      if (expected.detail) expect(error?.message).toMatch(expected.detail);
    } else {
      expect(m.options.onError).not.toHaveBeenCalled();
    }
    if (method.options.applePay) expect(sheetStatus(0)).toBe('failure');
    expect(m.continueAuthentication).not.toHaveBeenCalled();
    // The form stays usable: the next attempt is paid.
    expect(await attempt(m, method, 1)).toBe(PAID);
    expect(onCharge).toHaveBeenCalledTimes(2);
  });

  it('{ status: authentication_required, nextAction } → 3DS, then onResume’s charge decides', async () => {
    const onResume = vi.fn().mockResolvedValue(PAID_CHARGE);
    const charge = { id: 'ch_1', status: 'authentication_required', nextAction: NEXT_ACTION };
    const m = await mountFor(method, async () => charge, { onResume });
    const text = await attempt(m, method, 0);
    if (method.authenticates) {
      expect(text).toBe(PAID);
      expect(m.continueAuthentication).toHaveBeenCalledOnce();
      expect(onResume).toHaveBeenCalledExactlyOnceWith({ charge, authentication: authResult() });
      expect(m.options.onError).not.toHaveBeenCalled();
    } else {
      // A wallet payment runs no 3DS: the sheet fails, the merchant hears why.
      expect(text).toBe(`${UNEXPECTED}Try again`);
      expect(sheetStatus(0)).toBe('failure');
      expect(m.continueAuthentication).not.toHaveBeenCalled();
      expect(onResume).not.toHaveBeenCalled();
      expect(m.options.onError.mock.calls[0]?.[0].code).toBe('configuration');
    }
  });
});

describe.each(Object.entries(METHODS).filter(([, method]) => method.authenticates))(
  'what onResume answers decides: %s',
  (_, method) => {
    const charge = { id: 'ch_1', status: 'authentication_required', nextAction: NEXT_ACTION };

    it.each([
      ['{ status: paid }', 'succeeded', PAID_CHARGE, PAID, undefined],
      ['{ status: failed }', 'succeeded', { status: 'failed' }, DECLINED, 'declined'],
      ['undefined', 'succeeded', undefined, UNEXPECTED, 'configuration'],
      ['{ status: pending }', 'succeeded', { status: 'pending' }, UNEXPECTED, 'configuration'],
      ['another next action', 'succeeded', charge, UNEXPECTED, 'configuration'],
      // The bank's answer explains a charge that failed with its authentication.
      [
        '{ status: failed } after a failed 3DS',
        'failed',
        { status: 'failed' },
        BANK_FAILED,
        undefined,
      ],
      ['undefined after an abandoned 3DS', 'canceled', undefined, BANK_CANCELED, undefined],
      // Paid is paid: the shopper must not pay twice.
      ['{ status: paid } after a failed 3DS', 'failed', PAID_CHARGE, PAID, undefined],
    ] as const)('%s (3DS %s)', async (_, status, answer, text, code) => {
      const onResume = vi.fn().mockResolvedValue(answer);
      const m = await mountFor(method, async () => charge, { onResume });
      m.continueAuthentication.mockResolvedValue(authResult(status));
      const notice = await attempt(m, method, 0);
      expect(notice).toContain(text);
      if (text !== PAID) expect(notice).not.toContain(PAID);
      expect(m.options.onError.mock.calls.map(([error]) => error.code)).toEqual(code ? [code] : []);
    });
  },
);
