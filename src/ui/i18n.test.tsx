import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES as UI_LOCALES } from '../locale';
import {
  cleanPage,
  fillCard,
  mountPublic,
  noticeText,
  payButton,
  plain,
} from '../test-support/checkout-ui';
import { translator } from './i18n';
import { en } from './i18n/en';
import { es } from './i18n/es';
import { ptBR } from './i18n/pt-br';

afterEach(cleanPage);

describe('translator', () => {
  it.each([
    ['pt-BR', 'pt-BR'],
    ['pt-br', 'pt-BR'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['es-MX', 'es'],
    ['en-GB', 'en'],
    ['fr-FR', 'en'],
    ['', 'en'],
  ])('%o → %s', (requested, locale) => {
    expect(translator(requested).locale).toBe(locale);
  });

  it('falls back on navigator.language', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('es-AR');
    expect(translator().locale).toBe('es');
    expect(translator(undefined).t('cardNumber')).toBe('Número de tarjeta');
  });

  it('fills placeholders', () => {
    expect(translator('en').t('cvvInvalid', { digits: 4 })).toBe(
      'Enter the 4-digit security code.',
    );
    expect(translator('es').t('pay', { amount: 'X' })).toBe('Pagar X');
  });

  it('formats money with Intl in the locale', () => {
    expect(plain(translator('pt-BR').money(1234.5, 'BRL'))).toBe('R$ 1.234,50');
    expect(plain(translator('en').money(1234.5, 'USD'))).toBe('$1,234.50');
    expect(plain(translator('es').money(1234.5, 'EUR'))).toBe('1234,50 €');
  });

  it('has one complete catalogue per locale, every message translated', () => {
    expect(UI_LOCALES).toEqual(['en', 'pt-BR', 'es']);
    for (const catalogue of [ptBR, es]) {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(catalogue)) {
        expect(text, key).not.toBe('');
        // Same placeholders as English.
        const holes = (s: string) => s.match(/\{\w+\}/g) ?? [];
        expect(holes(text), key).toEqual(holes(en[key as keyof typeof en]));
      }
    }
    // Every label the shopper reads differs from English.
    for (const key of ['cardNumber', 'nameOnCard', 'month', 'year', 'securityCode'] as const) {
      expect(ptBR[key]).not.toBe(en[key]);
      expect(es[key]).not.toBe(en[key]);
    }
  });
});

const LABELS = {
  en: [
    'Card number',
    'Name on card',
    'Expiry month',
    'Expiry year',
    'Security code',
    'Installments',
  ],
  'pt-BR': [
    'Número do cartão',
    'Nome impresso no cartão',
    'Mês de validade',
    'Ano de validade',
    'Código de segurança',
    'Parcelas',
  ],
  es: [
    'Número de tarjeta',
    'Nombre en la tarjeta',
    'Mes de vencimiento',
    'Año de vencimiento',
    'Código de seguridad',
    'Cuotas',
  ],
};

const labelsOf = (root: ShadowRoot) =>
  [...root.querySelectorAll('label:not(.choice)')].map((label) => label.textContent);

describe('the form in each language', () => {
  it.each([
    ['en', 'Pay R$120.50'],
    ['pt-BR', 'Pagar R$ 120,50'],
    ['es', 'Pagar 120,50 BRL'],
  ] as const)('%s: labels, Pay button', (locale, pay) => {
    const m = mountPublic({ locale, installments: 2 });
    expect(labelsOf(m.root)).toEqual(LABELS[locale]);
    for (const label of LABELS[locale]) expect(m.ui.getByLabelText(label)).not.toBeNull();
    expect(plain(payButton(m.root).textContent)).toBe(pay);
  });

  it('shows errors and the notice in the language', () => {
    const m = mountPublic({ locale: 'pt-BR' });
    fireEvent.click(payButton(m.root));
    expect(m.root.querySelector('#number-error')?.textContent).toBe('Campo obrigatório.');
    expect(noticeText(m.root)).toBe('Confira os campos destacados.');
  });

  it.each([
    ['en', 'The payment was declined. Try again or use another card.', 'Try again'],
    ['pt-BR', 'O pagamento foi recusado. Tente novamente ou use outro cartão.', 'Tentar novamente'],
    ['es', 'El pago fue rechazado. Intenta de nuevo o usa otra tarjeta.', 'Intentar de nuevo'],
  ] as const)('%s: a declined charge', async (locale, declined, retry) => {
    const m = mountPublic({
      locale,
      onCharge: vi.fn().mockResolvedValue({ id: 'ch_1', status: 'failed' }),
    });
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(noticeText(m.root)).toBe(`${declined}${retry}`));
  });

  it("takes the checkout's locale when the mount gives none", () => {
    const m = mountPublic({}, { locale: 'es' });
    expect(labelsOf(m.root)[0]).toBe('Número de tarjeta');
  });

  it("prefers the mount's locale to the checkout's", () => {
    const m = mountPublic({ locale: 'pt-BR' }, { locale: 'es' });
    expect(labelsOf(m.root)[0]).toBe('Número do cartão');
  });

  it('falls back on navigator.language, then English', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('pt-BR');
    expect(labelsOf(mountPublic().root)[0]).toBe('Número do cartão');
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    expect(labelsOf(mountPublic().root)[0]).toBe('Card number');
  });

  it('re-renders in the new language on update({ locale })', async () => {
    const m = mountPublic({ locale: 'en', installments: 2 });
    m.handle.update({ locale: 'pt-BR' });
    await vi.waitFor(() => expect(labelsOf(m.root)).toEqual(LABELS['pt-BR']));
    expect(plain(payButton(m.root).textContent)).toBe('Pagar R$ 120,50');
    expect(plain(m.root.querySelector('option')?.textContent)).toBe('1× R$ 120,50 à vista');
    m.handle.update({ locale: 'es' });
    await vi.waitFor(() => expect(labelsOf(m.root)).toEqual(LABELS.es));
  });

  it('keeps what the shopper typed across a language switch', async () => {
    const m = mountPublic({ locale: 'en' });
    fireEvent.input(m.ui.getByLabelText('Name on card'), { target: { value: 'Ana' } });
    m.handle.update({ locale: 'es' });
    await vi.waitFor(() =>
      expect(m.ui.getByLabelText<HTMLInputElement>('Nombre en la tarjeta').value).toBe('Ana'),
    );
  });
});
