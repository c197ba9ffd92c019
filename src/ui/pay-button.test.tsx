import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  authResult,
  cleanPage,
  deferred,
  fillCard,
  mountPublic,
  payButton,
  plain,
} from '../test-support/checkout-ui';
import type { AuthenticationResult } from '../types';

afterEach(cleanPage);

const optionTexts = (root: ShadowRoot) =>
  [...root.querySelectorAll('select[name=installments] option')].map((o) => plain(o.textContent));

describe('installments', () => {
  it.each([undefined, 1])('offers no select when the maximum is %s', (installments) => {
    const m = mountPublic(installments === undefined ? {} : { installments });
    expect(m.root.querySelector('select')).toBeNull();
    expect(m.ui.queryByLabelText('Installments')).toBeNull();
  });

  it('offers 1..max, each with its per-installment amount, interest-free (pt-BR, BRL)', () => {
    const m = mountPublic({ installments: 4, locale: 'pt-BR' });
    expect(m.ui.getByLabelText('Parcelas').tagName).toBe('SELECT');
    expect(optionTexts(m.root)).toEqual([
      '1× R$ 120,50 à vista',
      '2× R$ 60,25 sem juros',
      '3× R$ 40,17 sem juros',
      '4× R$ 30,13 sem juros',
    ]);
  });

  it('labels the select "Installments" and says "in full" on 1 (en, USD)', () => {
    const m = mountPublic({ installments: 3, amount: 100, currency: 'USD', locale: 'en' });
    expect(m.ui.getByLabelText('Installments')).toBe(m.root.querySelector('select'));
    expect(optionTexts(m.root)).toEqual([
      '1× $100.00 in full',
      '2× $50.00 interest-free',
      '3× $33.33 interest-free',
    ]);
  });

  it('offers twelve at most', () => {
    const m = mountPublic({ installments: 12, amount: 1200, currency: 'BRL', locale: 'pt-BR' });
    const texts = optionTexts(m.root);
    expect(texts).toHaveLength(12);
    expect(texts[11]).toBe('12× R$ 100,00 sem juros');
  });

  it('sends the chosen number of installments', async () => {
    const m = mountPublic({ installments: 6 });
    fillCard(m.root);
    fireEvent.change(m.ui.getByLabelText('Installments'), { target: { value: '5' } });
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(m.options.onCharge.mock.calls[0]?.[0].paymentMethod).toMatchObject({ installments: 5 });
  });

  it('goes back to 1 when update() lowers the maximum below the choice', async () => {
    const m = mountPublic({ installments: 6 });
    fillCard(m.root);
    fireEvent.change(m.ui.getByLabelText('Installments'), { target: { value: '5' } });
    m.handle.update({ installments: 3 });
    await vi.waitFor(() => expect(optionTexts(m.root)).toHaveLength(3));
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(m.options.onCharge.mock.calls[0]?.[0].paymentMethod).toMatchObject({ installments: 1 });
  });
});

describe('Pay button', () => {
  it('reads the amount in the locale', () => {
    expect(plain(payButton(mountPublic({ locale: 'en' }).root).textContent)).toBe('Pay R$120.50');
    expect(plain(payButton(mountPublic({ locale: 'pt-BR' }).root).textContent)).toBe(
      'Pagar R$ 120,50',
    );
    expect(
      plain(payButton(mountPublic({ locale: 'en', currency: 'USD', amount: 5 }).root).textContent),
    ).toBe('Pay $5.00');
  });

  it('is disabled and shows progress while the flow runs, then comes back', async () => {
    const m = mountPublic();
    const auth = deferred<AuthenticationResult>();
    m.authenticate.mockReturnValue(auth.promise);
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(payButton(m.root).disabled).toBe(true));
    expect(payButton(m.root).textContent).toBe('Processing…');
    expect(m.root.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
    expect(m.ui.getByLabelText<HTMLInputElement>('Card number').closest('fieldset')?.disabled).toBe(
      true,
    );
    auth.resolve(authResult('failed'));
    await vi.waitFor(() => expect(payButton(m.root).disabled).toBe(false));
    expect(plain(payButton(m.root).textContent)).toBe('Pay R$120.50');
    expect(m.root.querySelector('form')?.getAttribute('aria-busy')).toBe('false');
  });

  it('starts one flow on a double click', async () => {
    const m = mountPublic();
    const auth = deferred<AuthenticationResult>();
    m.authenticate.mockReturnValue(auth.promise);
    fillCard(m.root);
    // Both clicks land before the form re-renders with a disabled button.
    payButton(m.root).click();
    payButton(m.root).click();
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(payButton(m.root).disabled).toBe(true));
    auth.resolve(authResult());
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalled());
    expect(m.authenticate).toHaveBeenCalledOnce();
    expect(m.options.onCharge).toHaveBeenCalledOnce();
  });

  it('changes with update({ amount })', async () => {
    const m = mountPublic({ installments: 2 });
    m.handle.update({ amount: 99.9 });
    await vi.waitFor(() => expect(plain(payButton(m.root).textContent)).toBe('Pay R$99.90'));
    expect(optionTexts(m.root)[1]).toBe('2× R$49.95 interest-free');
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.authenticate).toHaveBeenCalledOnce());
    expect(m.authenticate.mock.calls[0]?.[0]).toMatchObject({ amount: 99.9, currency: 'BRL' });
  });
});
