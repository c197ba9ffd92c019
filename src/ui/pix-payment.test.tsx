import { fireEvent } from '@testing-library/preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutError } from '../errors';
import { applePayOptions, fakeApplePaySession } from '../test-support/apple-pay';
import {
  cleanPage,
  type MountedUi,
  mountPublic,
  mountWithFakeEngine,
  noticeText,
  paidCharge,
  payButton,
} from '../test-support/checkout-ui';
import { BR_CODE, pendingPixCharge, settle } from '../test-support/pix';
import { choice, mountPix, payWithPix, qrImage } from '../test-support/pix-form';
import type { ChargePayload } from '../types';

afterEach(() => {
  cleanPage();
  vi.unstubAllGlobals();
});

const PAID = 'Payment approved. Thank you!';
const UNEXPECTED = 'Something went wrong. Please try again.';
const NETWORK = 'We could not reach the payment service. Check your connection and try again.';
const PENDING = { id: 'ch_pix_1', status: 'pending' };

describe('the choice of a way to pay', () => {
  it('by default, the card alone: no choice, as before', () => {
    const m = mountWithFakeEngine();
    expect(m.ui.queryByRole('button', { name: 'PIX' })).toBeNull();
    expect(m.ui.queryByRole('button', { name: 'Card' })).toBeNull();
    expect(m.ui.getByLabelText('Card number')).toBeTruthy();
  });

  it('card and PIX: "Card" then "PIX", the card chosen first', () => {
    const m = mountPix({ installments: 3 });
    const buttons = [...m.root.querySelectorAll('.methods button')];
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Card', 'true'],
      ['PIX', 'false'],
    ]);
    expect(m.ui.getByLabelText('Card number')).toBeTruthy();
    expect(m.ui.getByLabelText('Installments')).toBeTruthy();
  });

  it('"PIX" leaves the customer fields and the Pay button; "Card" brings the card back', () => {
    const m = mountPix({ installments: 3, customerFields: ['name', 'email'] });
    fireEvent.click(choice(m, 'PIX'));
    expect(choice(m, 'PIX').getAttribute('aria-pressed')).toBe('true');
    expect(choice(m, 'Card').getAttribute('aria-pressed')).toBe('false');
    for (const label of ['Card number', 'Name on card', 'Security code', 'Installments'])
      expect(m.ui.queryByLabelText(label)).toBeNull();
    expect(m.ui.getByLabelText('Full name')).toBeTruthy();
    expect(m.ui.getByLabelText('Email')).toBeTruthy();
    expect(payButton(m.root).textContent).toMatch(/^Pay R\$/);
    fireEvent.click(choice(m, 'Card'));
    expect(m.ui.getByLabelText('Card number')).toBeTruthy();
  });

  it('PIX alone: no choice, no card', () => {
    const m = mountPix({ paymentMethods: ['pix'] });
    expect(m.ui.queryByRole('button', { name: 'PIX' })).toBeNull();
    expect(m.ui.queryByLabelText('Card number')).toBeNull();
    expect(payButton(m.root)).toBeTruthy();
  });

  it('in pt-BR: "Cartão" and "PIX"', () => {
    const m = mountPix({ locale: 'pt-BR' });
    expect(m.ui.getByRole('button', { name: 'Cartão' })).toBeTruthy();
    expect(m.ui.getByRole('button', { name: 'PIX' })).toBeTruthy();
  });

  describe('with Apple Pay', () => {
    const appleButton = (m: MountedUi) =>
      m.ui.queryByRole('button', { name: 'Pay with Apple Pay' });

    it('listed with PIX: its button, then "or" (not "or pay by card")', async () => {
      vi.stubGlobal('isSecureContext', true);
      vi.stubGlobal('ApplePaySession', fakeApplePaySession().Session);
      const m = mountPix({
        paymentMethods: ['apple_pay', 'card', 'pix'],
        applePay: applePayOptions(),
      });
      await vi.waitFor(() => expect(appleButton(m)).not.toBeNull());
      expect(appleButton(m)?.nextElementSibling?.textContent).toBe('or');
    });

    it('not listed: no Apple Pay button, even with applePay', async () => {
      vi.stubGlobal('isSecureContext', true);
      vi.stubGlobal('ApplePaySession', fakeApplePaySession().Session);
      const m = mountPix({ applePay: applePayOptions() });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(appleButton(m)).toBeNull();
    });
  });
});

describe('paying with PIX', () => {
  it('loads the PIX step, then hands onCharge { paymentMethod: { type: "pix" } }', async () => {
    const m = mountPix();
    await payWithPix(m);
    expect(m.options.onCharge).toHaveBeenCalledExactlyOnceWith({ paymentMethod: { type: 'pix' } });
    // The card form's own charge (paid) ends the payment: no step needed.
    expect(noticeText(m.root)).toBe(PAID);
  });

  it('with the customer fields filled in: `customer` too; checked before anything else', async () => {
    const m = mountPix({ customerFields: ['name', 'email'] });
    fireEvent.click(choice(m, 'PIX'));
    fireEvent.click(payButton(m.root));
    await act(settle);
    expect(noticeText(m.root)).toBe('Check the highlighted fields.');
    expect(m.options.onCharge).not.toHaveBeenCalled();
    fireEvent.input(m.ui.getByLabelText('Full name'), { target: { value: 'Ana Souza' } });
    fireEvent.input(m.ui.getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    await payWithPix(m);
    expect(m.options.onCharge).toHaveBeenCalledExactlyOnceWith({
      paymentMethod: { type: 'pix' },
      customer: { name: 'Ana Souza', email: 'ana@example.com' },
    });
  });

  it('a pending charge: the code shows in the form, Pay gone, the form not busy', async () => {
    const m = mountPix({ onCharge: vi.fn(async () => pendingPixCharge()) });
    await payWithPix(m);
    expect(qrImage(m)).not.toBeNull();
    expect((m.ui.getByLabelText('PIX code') as HTMLInputElement).value).toBe(BR_CODE);
    expect(m.root.querySelector('button[type=submit]')).toBeNull();
    expect(m.root.querySelector('form')?.getAttribute('aria-busy')).toBe('false');
    // The customer fields and the choice wait, disabled, until the payment ends.
    expect(choice(m, 'Card').closest('fieldset[disabled]')).not.toBeNull();
    expect(noticeText(m.root)).toBe('');
  });

  it('while the code shows, the amount cannot change: update() throws busy', async () => {
    const m = mountPix({ onCharge: vi.fn(async () => pendingPixCharge()) });
    await payWithPix(m);
    expect(() => m.handle.update({ amount: 1 })).toThrow(expect.objectContaining({ code: 'busy' }));
    m.handle.update({ locale: 'pt-BR' }); // anything else still applies
    expect(qrImage(m)).not.toBeNull();
  });

  it('onPixStatus says paid: "Payment approved", as for a card; the step gone', async () => {
    const onPixStatus = vi.fn(async () =>
      onPixStatus.mock.calls.length < 2 ? PENDING : { ...PENDING, status: 'paid' },
    );
    const m = mountPix({ onCharge: vi.fn(async () => pendingPixCharge()), onPixStatus });
    await payWithPix(m);
    await m.advance(2000 + 3000);
    expect(onPixStatus).toHaveBeenCalledTimes(2);
    expect(onPixStatus).toHaveBeenCalledWith(pendingPixCharge());
    expect(noticeText(m.root)).toBe(PAID);
    expect(qrImage(m)).toBeNull();
    expect(m.root.querySelector('.pix')?.childNodes).toHaveLength(0);
    expect(m.options.onError).not.toHaveBeenCalled();
    expect(m.time.pending()).toBe(0);
  });

  it('onPixStatus says failed: declined, onError `declined`', async () => {
    const m = mountPix({
      onCharge: vi.fn(async () => pendingPixCharge()),
      onPixStatus: async () => ({ status: 'failed', failureReason: 'refused' }),
    });
    await payWithPix(m);
    await m.advance(2000);
    expect(noticeText(m.root)).toContain('The payment was declined.');
    expect(m.options.onError.mock.calls[0]?.[0]).toMatchObject({
      code: 'declined',
      message: 'The charge failed: refused',
    });
    expect(qrImage(m)).toBeNull();
  });

  it('expired → "Generate a new code" → onCharge again, and its code shows', async () => {
    const first = pendingPixCharge(60);
    const second = pendingPixCharge(30 * 60, { qrCode: `${BR_CODE.slice(0, -4)}ABCD` });
    const onCharge = vi.fn(async (_payload: ChargePayload) =>
      onCharge.mock.calls.length === 1 ? first : second,
    );
    const m = mountPix({ onCharge });
    await payWithPix(m);
    await m.advance(60_000);
    const again = m.ui.getByRole('button', { name: 'Generate a new code' });
    fireEvent.click(again);
    await vi.waitFor(() => expect(m.ui.queryByLabelText('PIX code')).not.toBeNull());
    await act(settle);
    expect(onCharge).toHaveBeenCalledTimes(2);
    expect(onCharge.mock.calls[1]?.[0]).toEqual({ paymentMethod: { type: 'pix' } });
    expect((m.ui.getByLabelText('PIX code') as HTMLInputElement).value).toBe(second.pix.qrCode);
    expect(m.ui.getByText('The code expires in 29:00')).toBeTruthy();
    expect(m.pix.shown).toBe(2);
    expect(m.options.onError).not.toHaveBeenCalled();
  });

  it('the new code refused by onCharge: its message, the step gone, Pay back', async () => {
    const onCharge = vi.fn(async () => {
      if (onCharge.mock.calls.length > 1) throw new Error('PIX is down, try a card');
      return pendingPixCharge(1);
    });
    const m = mountPix({ onCharge });
    await payWithPix(m);
    await m.advance(1000);
    fireEvent.click(m.ui.getByRole('button', { name: 'Generate a new code' }));
    await vi.waitFor(() => expect(noticeText(m.root)).toContain('PIX is down, try a card'));
    expect(m.root.querySelector('.pix')?.childNodes).toHaveLength(0);
    expect(payButton(m.root).disabled).toBe(false);
  });

  it.each([
    ['no pix', { status: 'pending' }],
    ['a pix without expiresAt', { status: 'pending', pix: { qrCode: BR_CODE } }],
  ])('a pending charge with %s: onError `configuration`, nothing drawn', async (_, charge) => {
    const m = mountPix({ onCharge: vi.fn(async () => charge) });
    await payWithPix(m);
    expect(noticeText(m.root)).toContain(UNEXPECTED);
    const error = m.options.onError.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error?.code).toBe('configuration');
    expect(error?.message).toMatch(/^The pending charge has no valid pix: pix/);
    expect(qrImage(m)).toBeNull();
    // The message takes focus once drawn (an effect after the render): wait for it, as the
    // shopper does, before "Try again" — which goes back to Pay: there is no card field in PIX.
    const notice = m.root.querySelector('[role="status"]');
    await vi.waitFor(() => expect(m.root.activeElement).toBe(notice));
    fireEvent.click(m.ui.getByRole('button', { name: 'Try again' }));
    expect(m.root.activeElement).toBe(payButton(m.root));
  });

  it('a card charge that comes back pending is still no PIX step', async () => {
    const m = mountPix({ onCharge: vi.fn(async () => pendingPixCharge()), threeDS: 'managed' });
    for (const [name, value] of Object.entries({
      number: '4111 1111 1111 1111',
      name: 'Ana',
      month: '12',
      year: '2099',
      cvv: '123',
    }))
      fireEvent.input(m.root.querySelector(`input[name=${name}]`) as Element, {
        target: { value },
      });
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(noticeText(m.root)).toContain(UNEXPECTED));
    expect(m.options.onError.mock.calls[0]?.[0]?.message).toBe(
      'The charge is pending, not paid: only a PIX payment waits for the shopper',
    );
    expect(m.pix.shown).toBe(0);
  });

  it('destroy() during the step: nothing left, no more reads, every timer gone', async () => {
    const onPixStatus = vi.fn(async () => PENDING);
    const m = mountPix({ onCharge: vi.fn(async () => pendingPixCharge()), onPixStatus });
    await payWithPix(m);
    await m.advance(2000);
    m.handle.destroy();
    await act(settle);
    expect(m.container.childNodes).toHaveLength(0);
    expect(m.time.pending()).toBe(0);
    await m.advance(60_000);
    expect(onPixStatus).toHaveBeenCalledOnce();
    expect(m.options.onError).not.toHaveBeenCalled();
    expect(m.options.onCancel).not.toHaveBeenCalled();
  });

  it('the PIX module failing to load: onError with its error, no charge created', async () => {
    const failure = new CheckoutError('network', 'The PIX step could not load');
    const m = mountWithFakeEngine(
      { paymentMethods: ['card', 'pix'] },
      {},
      { loadPix: vi.fn(async () => Promise.reject(failure)) },
    );
    await payWithPix(m);
    expect(m.options.onError).toHaveBeenCalledExactlyOnceWith(failure);
    expect(noticeText(m.root)).toContain(NETWORK);
    expect(m.options.onCharge).not.toHaveBeenCalled();
    expect(payButton(m.root).disabled).toBe(false);
  });

  it('a build that provides no PIX module (the script tag, for now): `configuration`, no charge', async () => {
    const m = mountPublic({ paymentMethods: ['pix'], onCharge: vi.fn(async () => paidCharge()) });
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onError).toHaveBeenCalledOnce());
    expect(m.options.onError.mock.calls[0]?.[0]).toMatchObject({
      code: 'configuration',
      message: 'PIX is not available in this build',
    });
    expect(m.options.onCharge).not.toHaveBeenCalled();
    expect(noticeText(m.root)).toContain(UNEXPECTED);
  });
});
