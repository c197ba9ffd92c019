/**
 * Where focus lands once a payment has ended: on the outcome's message in every outcome the form
 * can reach (it is read out, and a keyboard user keeps their place though Pay may be gone), or
 * back on the button that started it when the shopper stepped back (the bank's window closed,
 * the wallet's sheet canceled).
 */
import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applePayOptions, fakeApplePaySession } from '../test-support/apple-pay';
import {
  authResult,
  cleanPage,
  fillCard,
  type MountedUi,
  mountPublic,
  noticeText,
  payButton,
} from '../test-support/checkout-ui';
import { pendingPixCharge } from '../test-support/pix';
import { mountPix, payWithPix } from '../test-support/pix-form';

afterEach(() => {
  cleanPage();
  vi.unstubAllGlobals();
});

const notice = (m: MountedUi) => m.root.querySelector('[role="status"].notice');

async function payByCard(m: MountedUi): Promise<void> {
  fillCard(m.root);
  fireEvent.click(payButton(m.root));
  await vi.waitFor(() => expect(noticeText(m.root)).not.toBe(''));
}

// Focus moves in an effect after the outcome's render: each check waits for it (a bound, not a
// sleep), as an assertion made at once raced that effect on a loaded machine.
describe('by card', () => {
  it('approved: Pay is gone and the message "Payment approved" has focus', async () => {
    const m = mountPublic();
    await payByCard(m);
    expect(m.root.querySelector('button[type=submit]')).toBeNull();
    await vi.waitFor(() => expect(m.root.activeElement).toBe(notice(m)));
    expect(m.root.activeElement?.textContent).toBe('Payment approved. Thank you!');
    // Focusable by script, not a Tab stop of its own.
    expect(notice(m)?.getAttribute('tabindex')).toBe('-1');
  });

  it.each([
    ['the charge failed (declined)', { onCharge: vi.fn(async () => ({ status: 'failed' })) }],
    [
      'the merchant rejected it (error)',
      {
        onCharge: vi.fn(async () => {
          throw new Error('Out of stock');
        }),
      },
    ],
    ['an answer with no status (error)', { onCharge: vi.fn(async () => ({})) }],
  ])('%s: the message has focus, "Try again" the next stop', async (_, options) => {
    const m = mountPublic(options);
    await payByCard(m);
    await vi.waitFor(() => expect(m.root.activeElement).toBe(notice(m)));
    const tryAgain = m.ui.getByRole('button', { name: 'Try again' });
    expect(notice(m)?.contains(tryAgain)).toBe(true);
    expect(payButton(m.root).disabled).toBe(false);
  });

  it.each(['failed', 'error'] as const)('3DS %s: the message has focus', async (status) => {
    const m = mountPublic();
    m.authenticate.mockResolvedValue(authResult(status));
    await payByCard(m);
    await vi.waitFor(() => expect(m.root.activeElement).toBe(notice(m)));
  });

  it("canceled (the bank's window closed): focus back on Pay, the message announced", async () => {
    const m = mountPublic();
    m.authenticate.mockResolvedValue(authResult('canceled'));
    await payByCard(m);
    await vi.waitFor(() => expect(m.root.activeElement).toBe(payButton(m.root)));
    expect(notice(m)?.getAttribute('aria-live')).toBe('polite');
  });
});

describe('by PIX', () => {
  it('paid: the step is gone and "Payment approved" has focus', async () => {
    const onPixStatus = vi.fn(async () => ({ id: 'ch_pix_1', status: 'paid' }));
    const m = mountPix({ onCharge: vi.fn(async () => pendingPixCharge()), onPixStatus });
    await payWithPix(m);
    await vi.waitFor(() => expect(m.root.activeElement?.textContent).toMatch(/^Scan the QR code/));
    await m.advance(2000);
    expect(noticeText(m.root)).toBe('Payment approved. Thank you!');
    await vi.waitFor(() => expect(m.root.activeElement).toBe(notice(m)));
  });

  it('expired: the message "This code has expired." has focus', async () => {
    const m = mountPix({ onCharge: vi.fn(async () => pendingPixCharge(60)) });
    await payWithPix(m);
    await m.advance(60_000);
    expect(m.root.activeElement?.textContent).toBe('This code has expired.');
  });
});

describe('by Apple Pay', () => {
  const appleButton = (m: MountedUi) =>
    m.ui.queryByRole('button', { name: 'Pay with Apple Pay' }) as HTMLButtonElement | null;

  it('the sheet canceled: focus back on the Apple Pay button', async () => {
    vi.stubGlobal('isSecureContext', true);
    const fake = fakeApplePaySession();
    vi.stubGlobal('ApplePaySession', fake.Session);
    const m = mountPublic({ applePay: applePayOptions() });
    await vi.waitFor(() => expect(appleButton(m)).not.toBeNull());
    const button = appleButton(m) as HTMLButtonElement;
    button.focus();
    fireEvent.click(button);
    await vi.waitFor(() => expect(button.disabled).toBe(true));
    fake.sessions[0]?.oncancel?.();
    await vi.waitFor(() => expect(button.disabled).toBe(false));
    await vi.waitFor(() => expect(m.root.activeElement).toBe(button));
  });
});
