import { fireEvent } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applePayOptions, appleToken, fakeApplePaySession } from '../test-support/apple-pay';
import {
  cleanPage,
  fillCard,
  type MountedUi,
  mountPublic,
  noticeText,
  payButton,
  plain,
  savedCard,
  type,
} from '../test-support/checkout-ui';
import type { ChargePayload } from '../types';
import { en } from './i18n/en';
import { es } from './i18n/es';
import { ptBR } from './i18n/pt-br';

afterEach(() => {
  cleanPage();
  vi.unstubAllGlobals();
});

const payload = (m: MountedUi): ChargePayload =>
  m.options.onCharge.mock.calls[0]?.[0] as ChargePayload;
const input = (m: MountedUi, label: string) => m.ui.getByLabelText(label) as HTMLInputElement;
const errorOf = (m: MountedUi, label: string) => {
  const field = input(m, label);
  return m.root.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
};

const BRAZIL = ['name', 'email', 'document'] as const;

describe('the fields', () => {
  it('none by default', () => {
    const m = mountPublic();
    expect(m.root.querySelector('[name^=customer-]')).toBeNull();
  });

  it('the requested ones, in order, above the card, with labels, autocomplete and keyboards', () => {
    const m = mountPublic({ customerFields: ['name', 'email', 'phone', 'document'] });
    const attributes = ['Full name', 'Email', 'Phone', 'CPF or CNPJ'].map((label) => {
      const field = input(m, label);
      return [field.name, field.autocomplete || null, field.inputMode || null];
    });
    expect(attributes).toEqual([
      ['customer-name', 'name', null],
      ['customer-email', 'email', 'email'],
      ['customer-phone', 'tel', 'tel'],
      ['customer-document', null, 'text'],
    ]);
    const number = m.root.querySelector('input[name=number]') as Node;
    expect(input(m, 'CPF or CNPJ').compareDocumentPosition(number)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it.each([
    ['pt-BR', ['Nome completo', 'E-mail', 'Telefone', 'CPF ou CNPJ']],
    ['es', ['Nombre completo', 'Correo electrónico', 'Teléfono', 'CPF o CNPJ']],
  ])('speaks %s', (locale, labels) => {
    const m = mountPublic({ locale, customerFields: ['name', 'email', 'phone', 'document'] });
    for (const label of labels) expect(input(m, label).tagName).toBe('INPUT');
  });

  it('every new message exists in the three catalogues', () => {
    const added = ['name', 'email', 'phone', 'document', 'emailInvalid', 'emailOrPhone'];
    for (const key of [...added, 'phoneInvalid', 'documentInvalid', 'interestFree']) {
      for (const catalogue of [en, ptBR, es]) {
        expect(catalogue[key as keyof typeof en]).toMatch(/\S/);
      }
    }
  });

  it('masks the document and the phone as typed', () => {
    const m = mountPublic({ customerFields: ['phone', 'document'] });
    expect(type(m.root, 'customer-document', '52998224725').value).toBe('529.982.247-25');
    expect(type(m.root, 'customer-document', '12abc34501de35').value).toBe('12.ABC.345/01DE-35');
    expect(type(m.root, 'customer-phone', '11987654321').value).toBe('(11) 98765-4321');
  });

  it('prefills from the customer option', () => {
    const m = mountPublic({
      customer: { name: 'Ana Souza', document: { type: 'cpf', id: '52998224725' } },
      customerFields: ['name', 'email', 'document'],
    });
    expect(input(m, 'Full name').value).toBe('Ana Souza');
    expect(input(m, 'CPF or CNPJ').value).toBe('529.982.247-25');
    expect(input(m, 'Email').value).toBe('');
  });
});

describe('errors beside the field', () => {
  it('on leaving a field: its own message, aria-invalid, nothing on the others', () => {
    const m = mountPublic({ customerFields: [...BRAZIL] });
    type(m.root, 'customer-document', '529.982.247-24');
    expect(errorOf(m, 'CPF or CNPJ')).toBe('Enter a valid CPF or CNPJ.');
    expect(input(m, 'CPF or CNPJ').getAttribute('aria-invalid')).toBe('true');
    expect(input(m, 'Email').getAttribute('aria-invalid')).toBe('false');
    expect(errorOf(m, 'Email')).toBe('');
  });

  it('paying with empty fields: every error shows, focus on the first, no charge', async () => {
    const m = mountPublic({ customerFields: [...BRAZIL] });
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(errorOf(m, 'Full name')).toBe('This field is required.'));
    expect(errorOf(m, 'Email')).toBe('This field is required.');
    expect(errorOf(m, 'CPF or CNPJ')).toBe('This field is required.');
    expect(m.root.activeElement).toBe(input(m, 'Full name'));
    expect(noticeText(m.root)).toBe('Check the highlighted fields.');
    expect(m.authenticate).not.toHaveBeenCalled();
    expect(m.options.onCharge).not.toHaveBeenCalled();
  });

  it('email or phone: one of them is enough', async () => {
    const m = mountPublic({ customerFields: ['email', 'phone'] });
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() =>
      expect(errorOf(m, 'Email')).toBe('Enter an email address or a phone number.'),
    );
    type(m.root, 'customer-phone', '11987654321');
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(payload(m).customer).toEqual({ phone: '11987654321' });
  });
});

describe('customer in the onCharge payload', () => {
  const fillCustomer = (m: MountedUi) => {
    type(m.root, 'customer-name', 'Bia Lima');
    type(m.root, 'customer-email', 'bia@example.com');
    type(m.root, 'customer-document', '12.ABC.345/01DE-35');
  };
  const BIA = {
    name: 'Bia Lima',
    email: 'bia@example.com',
    document: { type: 'cnpj', id: '12ABC34501DE35' },
  };

  it('none without the options: the payload is as before', async () => {
    const m = mountPublic();
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(Object.keys(payload(m))).toEqual(['paymentMethod', 'authentication']);
  });

  it('a new card: the option merged with the fields, no empty strings', async () => {
    const m = mountPublic({
      customer: { address: { country: 'BRA' }, phone: '' },
      customerFields: [...BRAZIL],
    });
    fillCustomer(m);
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(payload(m).customer).toEqual({ address: { country: 'BRA' }, ...BIA });
  });

  it('a saved card', async () => {
    const m = mountPublic({ savedCards: [savedCard()], customerFields: [...BRAZIL] });
    fillCustomer(m);
    type(m.root, 'cvv', '321');
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(payload(m).customer).toEqual(BIA);
    expect(payload(m).paymentMethod).toMatchObject({ cardTokenId: 'card_visa' });
  });

  it('the customer option alone, e.g. { id }', async () => {
    const m = mountPublic({ customer: { id: 'cus_sandbox_ana' } });
    fillCard(m.root);
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(payload(m).customer).toEqual({ id: 'cus_sandbox_ana' });
  });

  describe('Apple Pay', () => {
    async function withApplePay() {
      vi.stubGlobal('isSecureContext', true);
      const fake = fakeApplePaySession();
      vi.stubGlobal('ApplePaySession', fake.Session);
      const m = mountPublic({ applePay: applePayOptions(), customerFields: [...BRAZIL] });
      const button = await vi.waitFor(() =>
        m.ui.getByRole('button', { name: 'Pay with Apple Pay' }),
      );
      return { m, button, sessions: fake.sessions };
    }

    it('hands the customer with the token', async () => {
      const { m, button, sessions } = await withApplePay();
      fillCustomer(m);
      fireEvent.click(button);
      sessions[0]?.onpaymentauthorized?.({ payment: { token: appleToken() } });
      await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
      expect(payload(m).customer).toEqual(BIA);
      expect(payload(m).paymentMethod).toMatchObject({ wallet: { type: 'apple_pay' } });
    });

    it('with a field missing the sheet does not open; the error shows beside the field', async () => {
      const { m, button, sessions } = await withApplePay();
      type(m.root, 'customer-name', 'Bia Lima');
      fireEvent.click(button);
      expect(sessions).toHaveLength(0);
      await vi.waitFor(() => expect(errorOf(m, 'Email')).toBe('This field is required.'));
      expect(m.root.activeElement).toBe(input(m, 'Email'));
    });
  });
});

describe('installments with their cost', () => {
  const optionTexts = (m: MountedUi) =>
    [...m.root.querySelectorAll('select[name=installments] option')].map((o) =>
      plain(o.textContent),
    );

  it('interest-free, then with interest and its total; below minAmount not offered (pt-BR)', () => {
    const m = mountPublic({
      amount: 129.3,
      locale: 'pt-BR',
      installments: { max: 12, interestFree: 3, monthlyRate: 0.0199, minAmount: 20 },
    });
    expect(optionTexts(m)).toEqual([
      '1× R$ 129,30 à vista',
      '2× R$ 64,65 sem juros',
      '3× R$ 43,10 sem juros',
      '4× R$ 33,95 (total R$ 135,80)',
      '5× R$ 27,42 (total R$ 137,10)',
      '6× R$ 23,08 (total R$ 138,48)',
      // 7× would be 2.57307 / (1 − 1.0199^−7) = 2.57307 / 0.128842 = 19.97: below 20.
    ]);
  });

  it.each([
    ['en', '2× $60.25 interest-free'],
    ['es', '2× 60,25 US$ sin interés'],
  ])('says interest-free in %s', (locale, line) => {
    const m = mountPublic({ currency: 'USD', locale, installments: 2 });
    expect(optionTexts(m)[1]).toBe(line);
  });

  it('sends only the count', async () => {
    const m = mountPublic({ installments: { max: 6, monthlyRate: 0.0199 } });
    fillCard(m.root);
    fireEvent.change(m.ui.getByLabelText('Installments'), { target: { value: '6' } });
    fireEvent.click(payButton(m.root));
    await vi.waitFor(() => expect(m.options.onCharge).toHaveBeenCalledOnce());
    expect(payload(m).paymentMethod).toMatchObject({ installments: 6 });
  });

  it('no select when minAmount leaves only 1× (10 / 2 = 5 < 5.01)', () => {
    const m = mountPublic({ amount: 10, installments: { max: 6, minAmount: 5.01 } });
    expect(m.root.querySelector('select')).toBeNull();
  });
});
