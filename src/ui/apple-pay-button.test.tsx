import { fireEvent } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applePayOptions,
  appleToken,
  fakeApplePaySession,
  fakePaymentRequest,
  fakeResponse,
} from '../test-support/apple-pay';
import {
  cleanPage,
  deferred,
  fillCard,
  type MountedUi,
  mountPublic,
  noticeText,
  payButton,
} from '../test-support/checkout-ui';
import type { MountOptions, WalletPaymentMethod } from '../types';

beforeEach(() => {
  vi.stubGlobal('isSecureContext', true);
});
afterEach(() => {
  cleanPage();
  vi.unstubAllGlobals();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const appleButton = (m: MountedUi) =>
  m.ui.queryByRole('button', { name: 'Pay with Apple Pay' }) as HTMLButtonElement | null;

/** Mounts once availability is known: waits for the button, or for the effects when none is expected. */
async function mountWith(overrides: Partial<MountOptions> = {}, expectButton = true) {
  const m = mountPublic({ applePay: applePayOptions(), ...overrides });
  if (expectButton) await vi.waitFor(() => expect(appleButton(m)).not.toBeNull());
  else await flush();
  return m;
}

function withSession(options: Parameters<typeof fakeApplePaySession>[0] = {}) {
  const fake = fakeApplePaySession(options);
  vi.stubGlobal('ApplePaySession', fake.Session);
  return fake;
}

describe('when the button shows', () => {
  it('Apple Pay available and applePay given: a real button above the card fields, then the divider', async () => {
    withSession();
    const m = await mountWith();
    const button = appleButton(m);
    expect(button?.tagName).toBe('BUTTON');
    expect(button?.type).toBe('button');
    expect(button?.className).toBe('apple-pay');
    expect(button?.textContent).toBe('Apple Pay');
    const divider = m.ui.getByText('or pay by card');
    expect(button?.nextElementSibling).toBe(divider);
    const number = m.root.querySelector('input[name=number]') as Node;
    expect(divider.compareDocumentPosition(number)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it.each([
    ['pt-BR', 'Pagar com Apple Pay', 'ou pague com cartão'],
    ['es', 'Pagar con Apple Pay', 'o paga con tarjeta'],
  ])('speaks %s', async (locale, name, divider) => {
    withSession();
    const m = mountPublic({ applePay: applePayOptions(), locale });
    await vi.waitFor(() => expect(m.ui.getByRole('button', { name })).toBeTruthy());
    expect(m.ui.getByRole('button', { name }).getAttribute('lang')).toBe(locale);
    expect(m.ui.getByText(divider)).toBeTruthy();
  });

  it('nothing without the applePay option', async () => {
    withSession();
    const m = await mountWith({ applePay: undefined }, false);
    expect(appleButton(m)).toBeNull();
    expect(m.ui.queryByText('or pay by card')).toBeNull();
  });

  it('nothing without ApplePaySession (nor Payment Request)', async () => {
    const m = await mountWith({}, false);
    expect(appleButton(m)).toBeNull();
    expect(m.ui.queryByText('or pay by card')).toBeNull();
    expect(m.root.querySelector('input[name=number]')).not.toBeNull();
  });

  it('nothing when canMakePayments() is false', async () => {
    withSession({ canPay: false });
    expect(appleButton(await mountWith({}, false))).toBeNull();
  });

  it('nothing on an insecure page', async () => {
    withSession();
    vi.stubGlobal('isSecureContext', false);
    expect(appleButton(await mountWith({}, false))).toBeNull();
  });

  it('nothing when only versions below 3 are supported', async () => {
    withSession({ max: 2 });
    expect(appleButton(await mountWith({}, false))).toBeNull();
  });

  it('appears when update() adds applePay', async () => {
    withSession();
    const m = await mountWith({ applePay: undefined }, false);
    m.handle.update({ applePay: applePayOptions() });
    await vi.waitFor(() => expect(appleButton(m)).not.toBeNull());
  });
});

describe('paying', () => {
  it('the session is made synchronously inside the click handler (user-gesture rule)', async () => {
    let inHandler = false;
    const made: boolean[] = [];
    withSession({ onConstruct: () => made.push(inHandler) });
    const m = await mountWith();
    inHandler = true;
    appleButton(m)?.click();
    inHandler = false;
    expect(made).toEqual([true]);
  });

  it('success: onCharge gets the same token object, the form says paid', async () => {
    const { sessions, Session } = withSession();
    const m = await mountWith();
    fireEvent.click(appleButton(m) as HTMLButtonElement);
    const session = sessions[0];
    const token = appleToken();
    session?.onpaymentauthorized?.({ payment: { token } });
    await vi.waitFor(() => expect(noticeText(m.root)).toBe('Payment approved. Thank you!'));
    const payload = vi.mocked(m.options.onCharge).mock.calls[0]?.[0];
    expect((payload?.paymentMethod as WalletPaymentMethod | undefined)?.wallet.token).toBe(token);
    expect(payload?.paymentMethod).toMatchObject({ installments: 1 });
    expect(session?.completePayment).toHaveBeenCalledWith(Session.STATUS_SUCCESS);
    expect(m.root.querySelector('button[type=submit]')).toBeNull();
  });

  it('while the sheet is open the card form is disabled; a cancel gives it back, calls onCancel', async () => {
    const { sessions } = withSession();
    const m = await mountWith();
    fireEvent.click(appleButton(m) as HTMLButtonElement);
    await vi.waitFor(() => expect(payButton(m.root).disabled).toBe(true));
    expect(appleButton(m)?.disabled).toBe(true);
    sessions[0]?.oncancel?.();
    await vi.waitFor(() => expect(payButton(m.root).disabled).toBe(false));
    expect(appleButton(m)?.disabled).toBe(false);
    expect(m.options.onCancel).toHaveBeenCalledOnce();
    expect(noticeText(m.root)).toBe('');
  });

  it('onCharge rejects: STATUS_FAILURE and its message in the form', async () => {
    const { sessions, Session } = withSession();
    const m = await mountWith({
      onCharge: vi.fn(async () => {
        throw new Error('The payment was declined.');
      }),
    });
    fireEvent.click(appleButton(m) as HTMLButtonElement);
    sessions[0]?.onpaymentauthorized?.({ payment: { token: appleToken() } });
    await vi.waitFor(() => expect(noticeText(m.root)).toContain('The payment was declined.'));
    expect(sessions[0]?.completePayment).toHaveBeenCalledWith(Session.STATUS_FAILURE);
    expect(appleButton(m)?.disabled).toBe(false);
  });

  it('an invalid token: STATUS_FAILURE, onError, no onCharge, a generic message', async () => {
    const { sessions, Session } = withSession();
    const m = await mountWith();
    fireEvent.click(appleButton(m) as HTMLButtonElement);
    sessions[0]?.onpaymentauthorized?.({ payment: { token: { paymentData: 'x' } } });
    await vi.waitFor(() =>
      expect(noticeText(m.root)).toContain('Something went wrong. Please try again.'),
    );
    expect(sessions[0]?.completePayment).toHaveBeenCalledWith(Session.STATUS_FAILURE);
    expect(m.options.onCharge).not.toHaveBeenCalled();
    expect(m.options.onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'bad_response' }),
    );
  });

  it('validateMerchant rejects: abort() and onError', async () => {
    const { sessions } = withSession();
    const m = await mountWith({
      applePay: applePayOptions({ validateMerchant: () => Promise.reject(new Error('down')) }),
    });
    fireEvent.click(appleButton(m) as HTMLButtonElement);
    sessions[0]?.onvalidatemerchant?.({ validationURL: 'https://apple-pay-gateway.apple.com/x' });
    await vi.waitFor(() => expect(sessions[0]?.abort).toHaveBeenCalledOnce());
    expect(m.options.onError).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'configuration' }),
    );
  });

  it('is disabled while a card payment runs', async () => {
    withSession();
    const m = await mountWith();
    const auth = deferred<never>();
    m.authenticate.mockReturnValue(auth.promise);
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(appleButton(m)?.disabled).toBe(true));
  });

  it('destroy() during the sheet aborts it; no callback afterwards', async () => {
    const { sessions } = withSession();
    const m = await mountWith();
    fireEvent.click(appleButton(m) as HTMLButtonElement);
    m.handle.destroy();
    expect(sessions[0]?.abort).toHaveBeenCalledOnce();
    sessions[0]?.oncancel?.();
    expect(m.options.onCancel).not.toHaveBeenCalled();
  });
});

describe('through the Payment Request API', () => {
  it('shows the button once canMakePayment() said yes; show() in the click handler', async () => {
    let inHandler = false;
    const shown: boolean[] = [];
    const { Request, requests } = fakePaymentRequest({ onShow: () => shown.push(inHandler) });
    vi.stubGlobal('PaymentRequest', Request);
    const m = await mountWith();
    inHandler = true;
    appleButton(m)?.click();
    inHandler = false;
    expect(shown).toEqual([true]);
    const token = appleToken();
    const response = fakeResponse(token);
    requests.at(-1)?.answer(response);
    await vi.waitFor(() => expect(response.complete).toHaveBeenCalledWith('success'));
    const payload = vi.mocked(m.options.onCharge).mock.calls[0]?.[0];
    expect((payload?.paymentMethod as WalletPaymentMethod | undefined)?.wallet.token).toBe(token);
  });

  it('no button when canMakePayment() says no', async () => {
    vi.stubGlobal('PaymentRequest', fakePaymentRequest({ canPay: false }).Request);
    expect(appleButton(await mountWith({}, false))).toBeNull();
  });
});

describe('the applePay option is checked at mount', () => {
  const issuesOf = (applePay: unknown) => {
    try {
      mountPublic({ applePay: applePay as MountOptions['applePay'] });
    } catch (error) {
      return (error as { code: string; issues?: Array<{ path: string }> }).issues?.map(
        (i) => i.path,
      );
    }
    return [];
  };

  it.each([
    ['not an object', 'yes'],
    ['null', null],
    ['no countryCode', { label: 'Shop', validateMerchant: () => ({}) }],
    ['a 3-letter countryCode', { countryCode: 'BRA', label: 'Shop', validateMerchant: () => ({}) }],
    ['no label', { countryCode: 'BR', validateMerchant: () => ({}) }],
    ['no validateMerchant', { countryCode: 'BR', label: 'Shop' }],
    [
      'networks that are not strings',
      { countryCode: 'BR', label: 'Shop', validateMerchant: () => ({}), supportedNetworks: [1] },
    ],
    [
      'capabilities that are not an array',
      {
        countryCode: 'BR',
        label: 'Shop',
        validateMerchant: () => ({}),
        merchantCapabilities: 'supports3DS',
      },
    ],
  ])('invalid_input for %s', (_, applePay) => {
    expect(issuesOf(applePay)).toEqual(['applePay']);
  });

  it('accepts a complete one', () => {
    expect(
      issuesOf(
        applePayOptions({ supportedNetworks: ['visa'], merchantCapabilities: ['supports3DS'] }),
      ),
    ).toEqual([]);
  });
});
