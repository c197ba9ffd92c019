import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BROWSER_FIELDS,
  cleanPage,
  fillCard,
  type MountedUi,
  mountPublic,
  noticeText,
  payButton,
  savedCard,
  type,
} from '../test-support/checkout-ui';
import type { BrowserInfo, ChargePayload } from '../types';

afterEach(cleanPage);

const VISA = savedCard();
const AMEX = savedCard({
  id: 'card_amex',
  token: 'tok_amex',
  maskedNumber: '378282*****0005',
  brand: 'amex',
  expirationMonth: '01',
  expirationYear: '2030',
});
const INACTIVE = savedCard({
  id: 'card_old',
  maskedNumber: '555555******4444',
  status: 'inactive',
});
const PENDING = savedCard({
  id: 'card_new',
  maskedNumber: '601111******1117',
  status: 'pending_validation',
});

const radios = (m: MountedUi) => m.ui.queryAllByRole('radio') as HTMLInputElement[];
const labels = (m: MountedUi) => radios(m).map((radio) => radio.closest('label')?.textContent);
const payload = (m: MountedUi) => m.options.onCharge.mock.calls[0]?.[0] as ChargePayload;

describe('saved cards', () => {
  it('offers only active cards, as radios like "Visa •••• 1111, 12/31", and a new card', () => {
    const m = mountPublic({ savedCards: [INACTIVE, VISA, PENDING, AMEX] });
    expect(labels(m)).toEqual([
      'Visa •••• 1111, 12/31',
      'American Express •••• 0005, 01/30',
      'Use a new card',
    ]);
    expect(m.ui.getByRole('radio', { name: 'Visa •••• 1111, 12/31' })).toBe(radios(m)[0]);
    expect(m.ui.getByRole('group', { name: 'Pay with' })).not.toBeNull();
    expect(radios(m)[0]?.checked).toBe(true); // the first active card is chosen
  });

  it('asks only for the security code of a saved card', () => {
    const m = mountPublic({ savedCards: [VISA] });
    expect(m.ui.queryByLabelText('Card number')).toBeNull();
    expect(m.ui.queryByLabelText('Name on card')).toBeNull();
    expect(m.ui.queryByLabelText('Expiry month')).toBeNull();
    expect(m.ui.getByLabelText('Security code').getAttribute('autocomplete')).toBe('cc-csc');
  });

  it('shows the plain form when no saved card is active', () => {
    const m = mountPublic({ savedCards: [INACTIVE, PENDING] });
    expect(radios(m)).toHaveLength(0);
    expect(m.ui.getByLabelText('Card number')).not.toBeNull();
  });

  it('shows the brand as given when the form does not know it', () => {
    const m = mountPublic({
      savedCards: [savedCard({ brand: 'Maestro', maskedNumber: '6759********0005' })],
    });
    expect(labels(m)[0]).toBe('Maestro •••• 0005, 12/31');
  });

  it('requires the security code, and sends nothing without it', () => {
    const m = mountPublic({ savedCards: [VISA] });
    fireEvent.click(payButton(m.root));
    expect(m.root.querySelector('#cvv-error')?.textContent).toBe('This field is required.');
    expect(m.ui.getByLabelText('Security code').getAttribute('aria-invalid')).toBe('true');
    expect(m.root.activeElement).toBe(m.ui.getByLabelText('Security code'));
    expect(noticeText(m.root)).toBe('Check the highlighted fields.');
    expect(m.options.onCharge).not.toHaveBeenCalled();
  });

  it('wants 4 digits for a saved American Express card', () => {
    const m = mountPublic({ savedCards: [AMEX] });
    type(m.root, 'cvv', '123');
    expect(m.root.querySelector('#cvv-error')?.textContent).toBe(
      'Enter the 4-digit security code.',
    );
    fireEvent.click(payButton(m.root));
    expect(m.options.onCharge).not.toHaveBeenCalled();
  });

  it('hands onCharge variant B with managed 3DS and the browser data', async () => {
    const m = mountPublic({ savedCards: [VISA, AMEX], installments: 4 });
    fireEvent.click(m.ui.getByRole('radio', { name: /American Express/ }));
    type(m.root, 'cvv', '1234');
    fireEvent.change(m.ui.getByLabelText('Installments'), { target: { value: '4' } });
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(payload(m)).toStrictEqual({
      paymentMethod: {
        type: 'credit_card',
        cardTokenId: 'card_amex',
        cvv: '1234',
        installments: 4,
        threeDSMode: 'managed',
        browser: expect.any(Object),
      },
    });
    const { browser } = payload(m).paymentMethod as { browser: BrowserInfo };
    expect(Object.keys(browser).sort()).toEqual(BROWSER_FIELDS);
    expect(m.authenticate).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(noticeText(m.root)).toBe('Payment approved. Thank you!'));
  });

  it('uses managed 3DS for a saved card even when threeDS is "caller"', async () => {
    const m = mountPublic({ savedCards: [VISA], threeDS: 'caller' });
    type(m.root, 'cvv', '321');
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(payload(m).paymentMethod).toMatchObject({
      cardTokenId: 'card_visa',
      threeDSMode: 'managed',
    });
    expect(m.authenticate).not.toHaveBeenCalled();
  });

  it('"Use a new card" shows the form again and pays it by caller-run 3DS', async () => {
    const m = mountPublic({ savedCards: [VISA] });
    fireEvent.click(m.ui.getByRole('radio', { name: 'Use a new card' }));
    expect(m.ui.getByLabelText('Card number')).not.toBeNull();
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(m.authenticate).toHaveBeenCalledOnce();
    expect(payload(m).paymentMethod).toMatchObject({ number: '4111111111111111', cvv: '123' });
    expect(payload(m).paymentMethod).not.toHaveProperty('cardTokenId');
  });

  it('back on a saved card, the new-card fields no longer block paying', async () => {
    const m = mountPublic({ savedCards: [VISA] });
    fireEvent.click(m.ui.getByRole('radio', { name: 'Use a new card' }));
    type(m.root, 'number', '4111');
    fireEvent.click(m.ui.getByRole('radio', { name: /Visa/ }));
    type(m.root, 'cvv', '123');
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(payload(m).paymentMethod).toMatchObject({ cardTokenId: 'card_visa' });
  });
});
