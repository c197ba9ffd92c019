import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckoutError } from '../errors';
import {
  authResult,
  cleanPage,
  deferred,
  fillCard,
  type MountedUi,
  mountPublic,
  noticeText,
  payButton,
} from '../test-support/checkout-ui';
import { challengeResult } from '../test-support/fixtures';
import type { AuthenticationResult } from '../types';

afterEach(cleanPage);

const FAILED = 'Your bank did not approve this payment. Try again or use another card.';
const CANCELED = 'The payment was not confirmed with your bank. You can try again.';
const BANK_ERROR = 'Your bank could not check this payment right now. Please try again.';
const NETWORK = 'We could not reach the payment service. Check your connection and try again.';
const UNEXPECTED = 'Something went wrong. Please try again.';

/** A payment held in its 3DS authentication until `auth` settles. */
async function held() {
  const m = mountPublic();
  const auth = deferred<AuthenticationResult>();
  m.authenticate.mockReturnValue(auth.promise);
  fillCard(m.root);
  fireEvent.click(payButton(m.root));
  await vi.waitFor(() => expect(m.authenticate).toHaveBeenCalledOnce());
  return { m, auth };
}

/** Fills a valid card and presses Pay; resolves once the flow has ended (the button is back or gone). */
async function pay(m: MountedUi): Promise<void> {
  fillCard(m.root);
  fireEvent.click(payButton(m.root));
  await vi.waitFor(() => expect(noticeText(m.root)).not.toBe(''));
}

const tryAgain = (m: MountedUi) => m.ui.queryByRole('button', { name: /try again/i });

describe('caller-run 3DS', () => {
  it('authenticates without the CVV, then hands onCharge variant A with threeDS', async () => {
    const m = mountPublic({ installments: 3 });
    fillCard(m.root, { number: '4111111111111111', name: '  Ana Souza ', month: '7', year: '31' });
    fireEvent.change(m.ui.getByLabelText('Installments'), { target: { value: '3' } });
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(m.authenticate).toHaveBeenCalledOnce();
    expect(m.authenticate.mock.calls[0]?.[0]).toStrictEqual({
      amount: 120.5,
      currency: 'BRL',
      card: {
        number: '4111111111111111',
        holderName: 'Ana Souza',
        expirationMonth: '07',
        expirationYear: '2031',
      },
    });
    expect(m.authenticate.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);
    expect(m.options.onCharge.mock.calls[0]?.[0]).toStrictEqual({
      paymentMethod: {
        type: 'credit_card',
        number: '4111111111111111',
        holderName: 'Ana Souza',
        expirationMonth: '07',
        expirationYear: '2031',
        cvv: '123',
        installments: 3,
        threeDS: challengeResult(),
      },
      authentication: authResult(),
    });
  });

  it('says the payment is approved and offers no more button', async () => {
    const m = mountPublic();
    await pay(m);
    expect(noticeText(m.root)).toBe('Payment approved. Thank you!');
    expect(m.root.querySelector('button')).toBeNull();
    expect(m.options.onError).not.toHaveBeenCalled();
  });

  it.each([
    ['failed', FAILED, 0],
    ['error', BANK_ERROR, 0],
    ['canceled', CANCELED, 1],
  ] as const)(
    '%s: no charge, "%s", a way to try again; onCancel ×%i',
    async (status, text, cancels) => {
      const m = mountPublic();
      m.authenticate.mockResolvedValue(authResult(status));
      await pay(m);
      expect(m.options.onCharge).not.toHaveBeenCalled();
      expect(noticeText(m.root)).toContain(text);
      expect(tryAgain(m)).not.toBeNull();
      expect(m.options.onCancel).toHaveBeenCalledTimes(cancels);
      expect(m.options.onError).not.toHaveBeenCalled();
      expect(payButton(m.root).disabled).toBe(false);
    },
  );

  it('"Try again" clears the message, focuses the form and lets the shopper pay again', async () => {
    const m = mountPublic();
    m.authenticate.mockResolvedValueOnce(authResult('failed'));
    await pay(m);
    fireEvent.click(tryAgain(m) as HTMLElement);
    expect(noticeText(m.root)).toBe('');
    expect(m.root.activeElement).toBe(m.ui.getByLabelText('Card number'));
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(m.authenticate).toHaveBeenCalledTimes(2);
  });

  it('"Try again" pressed before the outcome has taken focus keeps focus on the form', async () => {
    const m = mountPublic();
    m.authenticate.mockResolvedValueOnce(authResult('failed'));
    fillCard(m.root);
    // Pressed as soon as the message is in the DOM: Preact's effect that focuses the message runs
    // after the next frame, so this is the shopper (or a test helper) who is faster than a frame.
    const shown = new Promise<void>((resolve) => {
      const watch = new MutationObserver(() => {
        if (!tryAgain(m)) return;
        watch.disconnect();
        resolve();
      });
      watch.observe(m.root, { childList: true, subtree: true });
    });
    fireEvent.click(payButton(m.root));
    await shown;
    fireEvent.click(tryAgain(m) as HTMLElement);
    const number = m.ui.getByLabelText('Card number');
    expect(m.root.activeElement).toBe(number);
    await new Promise((frame) => requestAnimationFrame(() => setTimeout(frame, 50)));
    expect(m.root.activeElement).toBe(number);
  });

  it('passes a CheckoutError from authenticate to onError, as it is', async () => {
    const m = mountPublic();
    const error = new CheckoutError('unprocessable', 'Sub-merchant is inactive', {
      statusCode: 422,
    });
    m.authenticate.mockRejectedValue(error);
    await pay(m);
    expect(m.options.onError).toHaveBeenCalledExactlyOnceWith(error);
    expect(noticeText(m.root)).toContain(UNEXPECTED);
    expect(noticeText(m.root)).not.toContain('Sub-merchant');
    expect(tryAgain(m)).not.toBeNull();
    expect(m.options.onCharge).not.toHaveBeenCalled();
  });

  it.each(['network', 'timeout'] as const)('%s: the connection message', async (code) => {
    const m = mountPublic();
    m.authenticate.mockRejectedValue(new CheckoutError(code, 'x'));
    await pay(m);
    expect(noticeText(m.root)).toContain(NETWORK);
    expect(m.options.onError).toHaveBeenCalledWith(expect.objectContaining({ code }));
  });

  it('wraps anything else authenticate throws in a CheckoutError for onError', async () => {
    const m = mountPublic();
    m.authenticate.mockRejectedValue(new TypeError('boom'));
    await pay(m);
    const error = m.options.onError.mock.calls[0]?.[0];
    expect(error).toBeInstanceOf(CheckoutError);
    expect(error?.code).toBe('configuration');
    expect(noticeText(m.root)).toContain(UNEXPECTED);
  });

  it("shows onCharge's rejection message as text", async () => {
    const m = mountPublic({
      onCharge: vi.fn().mockRejectedValue(new Error('Card declined by the issuer')),
    });
    await pay(m);
    expect(noticeText(m.root)).toContain('Card declined by the issuer');
    expect(tryAgain(m)).not.toBeNull();
    expect(m.root.querySelector('.notice')?.classList.contains('bad')).toBe(true);
  });

  it('never parses an HTML string from onCharge as HTML', async () => {
    const html = '<img src=x onerror="alert(1)"><b>Declined</b>';
    const m = mountPublic({ onCharge: vi.fn().mockRejectedValue(new Error(html)) });
    await pay(m);
    expect(noticeText(m.root)).toContain(html);
    expect(m.root.querySelector('img')).toBeNull();
    expect(m.root.querySelector('b')).toBeNull();
  });

  it('an onCharge that throws synchronously is a rejection too', async () => {
    const m = mountPublic({
      onCharge: vi.fn(() => {
        throw new Error('Server said no');
      }),
    });
    await pay(m);
    expect(noticeText(m.root)).toContain('Server said no');
    expect(m.root.querySelector('button[type=submit]')).not.toBeNull();
  });
});

describe('destroy()', () => {
  it('removes the host, aborts the running flow and sends nothing afterwards', async () => {
    const { m, auth } = await held();
    const signal = m.authenticate.mock.calls[0]?.[1]?.signal;
    expect(signal?.aborted).toBe(false);

    m.handle.destroy();
    expect(signal?.aborted).toBe(true);
    expect(m.container.childNodes).toHaveLength(0);
    expect(document.querySelector('secure-checkout-form')).toBeNull();

    auth.resolve(authResult());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(m.options.onCharge).not.toHaveBeenCalled();
    expect(m.options.onError).not.toHaveBeenCalled();
    m.handle.destroy(); // twice is harmless
    m.handle.update({ amount: 5 }); // and so is an update afterwards
  });

  it('an aborted flow reports nothing to onError', async () => {
    const m = mountPublic();
    m.authenticate.mockImplementation(
      (_request, opts) =>
        new Promise((_, reject) =>
          opts?.signal?.addEventListener('abort', () =>
            reject(new CheckoutError('aborted', 'aborted')),
          ),
        ),
    );
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.authenticate).toHaveBeenCalledOnce());
    m.handle.destroy();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(m.options.onError).not.toHaveBeenCalled();
    expect(document.body.querySelector('secure-checkout-form')).toBeNull();
  });
});

describe('update() while a payment runs', () => {
  it.each([{ amount: 99 }, { currency: 'USD' }])(
    'refuses %o with busy, changes nothing, and the payment goes on at what Pay showed',
    async (change) => {
      const { m, auth } = await held();
      expect(() => m.handle.update(change)).toThrow(
        expect.objectContaining({ code: 'busy', message: expect.stringMatching(/amount/) }),
      );
      auth.resolve(authResult());
      await vi.waitFor(() => expect(noticeText(m.root)).toBe('Payment approved. Thank you!'));
      expect(m.authenticate.mock.calls[0]?.[0]).toMatchObject({ amount: 120.5, currency: 'BRL' });
      expect(m.options.onCharge).toHaveBeenCalledOnce();
    },
  );

  it('applies other changes, and the amount once the payment has ended', async () => {
    const { m, auth } = await held();
    m.handle.update({ amount: 120.5, installments: 2, locale: 'en' }); // the same amount: fine
    auth.resolve({ ...authResult(), status: 'failed' });
    await vi.waitFor(() => expect(noticeText(m.root)).toContain(FAILED));
    m.handle.update({ amount: 99 });
    await vi.waitFor(() => expect(payButton(m.root).textContent).toMatch(/99[.,]00/));
    m.authenticate.mockResolvedValue(authResult());
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.authenticate).toHaveBeenCalledTimes(2));
    expect(m.authenticate.mock.calls[1]?.[0]).toMatchObject({ amount: 99 });
  });
});
