import { fireEvent } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { provideMount, providePix } from '../checkout';
import { CheckoutError } from '../errors';
import {
  BASE_URL,
  cleanPage,
  fillCard,
  formRoot,
  noticeText,
  payButton,
  plain,
  type,
} from '../test-support/checkout-ui';
import { challengeResult } from '../test-support/fixtures';
import { pendingPixCharge } from '../test-support/pix';
import type { ChargePayload } from '../types';
import {
  type ChargeEventDetail,
  defineCheckoutElement,
  type PixStatusEventDetail,
} from './checkout-element';
import { mountCheckout } from './mount';

beforeAll(() => {
  provideMount(mountCheckout);
  defineCheckoutElement();
});
afterEach(cleanPage);

/** The 3DS endpoints answering a frictionless success (or `status`), through a stubbed fetch. */
function service(status = 'succeeded') {
  const paths: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input)).pathname;
    paths.push(path);
    if (path === '/v1/three-ds/authenticate') {
      const outcome = status === 'canceled' ? 'abandoned' : 'authenticated';
      return Response.json({ authenticationId: 'auth_1', status, outcome });
    }
    if (path === '/v1/three-ds/challenge-result') return Response.json(challengeResult());
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return paths;
}

const ATTRIBUTES = {
  'publishable-key': 'pk_test_sandbox',
  'base-url': BASE_URL,
  amount: '120.50',
  currency: 'BRL',
};

/** A `tag` element with the attributes, in the page, and the errors it fires. */
function placed(tag: string, attributes: Record<string, string>) {
  const el = document.createElement(tag);
  const errors: CheckoutError[] = [];
  el.addEventListener('checkout-error', (event) =>
    errors.push((event as CustomEvent<CheckoutError>).detail),
  );
  for (const [name, value] of Object.entries({ ...ATTRIBUTES, ...attributes })) {
    el.setAttribute(name, value);
  }
  document.body.append(el);
  return { el, errors };
}

const element = (attributes: Record<string, string> = {}) => placed('secure-checkout', attributes);

/** Answers every `charge` event with `answer` and keeps the payloads. */
function onCharge(el: HTMLElement, answer: () => unknown) {
  const payloads: ChargePayload[] = [];
  el.addEventListener('charge', (event) => {
    const detail = (event as CustomEvent<ChargeEventDetail>).detail;
    payloads.push({ paymentMethod: detail.paymentMethod, authentication: detail.authentication });
    detail.respondWith(answer());
  });
  return payloads;
}

async function pay(el: HTMLElement) {
  const root = formRoot(el);
  fillCard(root);
  fireEvent.click(payButton(root));
  await vi.waitFor(() => expect(noticeText(root)).not.toBe(''));
  return root;
}

type Callbacks = { attributeChangedCallback(name: string): void; connectedCallback(): void };
type ElementClass = (new () => HTMLElement & Callbacks) & { observedAttributes: string[] };
let upgrades = 0;

/**
 * An element already in the page when the script defines it, upgraded in a browser's order:
 * attributeChangedCallback for each observed attribute present, then connectedCallback
 * (happy-dom's own upgrade calls only the latter). A fresh definition under a tag of its own.
 */
function upgraded(attributes: Record<string, string> = {}) {
  let Element!: ElementClass;
  defineCheckoutElement({
    get: () => undefined,
    define: (_: string, defined: ElementClass) => (Element = defined),
  } as unknown as CustomElementRegistry);
  const tag = `secure-checkout-upgrade-${++upgrades}`;
  const placedElement = placed(tag, attributes);
  customElements.define(
    tag,
    class extends Element {
      #upgraded = false;
      override connectedCallback() {
        if (!this.#upgraded) {
          this.#upgraded = true;
          for (const name of Element.observedAttributes) {
            if (this.hasAttribute(name)) this.attributeChangedCallback(name);
          }
        }
        super.connectedCallback();
      }
    },
  );
  return placedElement;
}

const forms = (el: HTMLElement) => el.querySelectorAll('secure-checkout-form').length;

describe('<secure-checkout>: exactly one form', () => {
  it('upgraded after the page parsed it (the script at the end of <body>)', async () => {
    const paths = service();
    const { el, errors } = upgraded({ installments: '3', locale: 'es', 'three-ds': 'caller' });
    expect(forms(el)).toBe(1);
    expect(errors).toEqual([]);
    const payloads = onCharge(el, () => ({ id: 'ch_1', status: 'paid' }));
    await pay(el);
    expect(payloads).toHaveLength(1);
    expect(paths.filter((path) => path.endsWith('/authenticate'))).toHaveLength(1);
  });

  it('upgraded with a bad attribute: one checkout-error, no form', () => {
    const { el, errors } = upgraded({ amount: '0' });
    expect(errors.map((error) => error.code)).toEqual(['invalid_input']);
    expect(forms(el)).toBe(0);
  });

  it('parsed after the definition (the script in <head>), created by script, changed, moved', () => {
    const host = document.createElement('div');
    document.body.append(host);
    host.innerHTML =
      '<secure-checkout publishable-key="pk_test_sandbox" base-url="https://api.example" amount="5" currency="BRL" installments="2"></secure-checkout>';
    const parsed = host.firstElementChild as HTMLElement;
    expect(forms(parsed)).toBe(1);
    const { el } = element();
    expect(forms(el)).toBe(1);
    el.setAttribute('amount', '7');
    el.setAttribute('publishable-key', 'pk_test_other');
    el.setAttribute('locale', 'pt-BR');
    expect(forms(el)).toBe(1);
    host.append(el); // a move: disconnected, then connected again
    expect(forms(el)).toBe(1);
    el.remove();
    el.setAttribute('amount', '8'); // while out of the page: nothing mounts
    expect(forms(el)).toBe(0);
    document.body.append(el);
    expect(forms(el)).toBe(1);
  });
});

describe('<secure-checkout>', () => {
  it('mounts the form from its attributes', () => {
    const { el, errors } = element({ installments: '3', locale: 'pt-BR' });
    const root = formRoot(el);
    expect(plain(payButton(root).textContent)).toBe('Pagar R$ 120,50');
    expect(root.querySelectorAll('select[name=installments] option')).toHaveLength(3);
    expect(root.querySelector('label')?.textContent).toBe('Número do cartão');
    expect(errors).toEqual([]);
  });

  it('customer-fields: the fields, space-separated; `charge` carries the customer', async () => {
    service();
    const { el, errors } = element({ 'customer-fields': ' name  email ' });
    const root = formRoot(el);
    const customers: unknown[] = [];
    el.addEventListener('charge', (event) => {
      const detail = (event as CustomEvent<ChargeEventDetail>).detail;
      customers.push(detail.customer);
      detail.respondWith({ id: 'ch_1', status: 'paid' });
    });
    type(root, 'customer-name', 'Ana Souza');
    type(root, 'customer-email', 'ana@example.com');
    await pay(el);
    expect(errors).toEqual([]);
    expect(customers).toEqual([{ name: 'Ana Souza', email: 'ana@example.com' }]);
  });

  it('payment-methods: "card pix" offers both; PIX fires `charge` with {type: pix}, then `pix-status`', async () => {
    // A PIX module that asks onPixStatus once and ends with what it read.
    providePix(async () => ({
      showPixStep: async (_container, input) => ({
        kind: 'charge',
        charge: await input.onPixStatus?.(input.charge),
      }),
    }));
    const { el, errors } = element({ 'payment-methods': 'card pix' });
    const root = formRoot(el);
    const payloads = onCharge(el, () => pendingPixCharge());
    const asked: unknown[] = [];
    el.addEventListener('pix-status', (event) => {
      const detail = (event as CustomEvent<PixStatusEventDetail>).detail;
      asked.push(detail.charge);
      detail.respondWith({ id: 'ch_pix_1', status: 'paid' });
    });
    const pix = [...root.querySelectorAll('.methods button')].find((b) => b.textContent === 'PIX');
    fireEvent.click(pix as HTMLElement);
    fireEvent.click(payButton(root));
    await vi.waitFor(() => expect(noticeText(root)).toBe('Payment approved. Thank you!'));
    expect(payloads).toEqual([{ paymentMethod: { type: 'pix' }, authentication: undefined }]);
    expect(asked).toEqual([pendingPixCharge()]);
    expect(errors).toEqual([]);
  });

  it('a payment-methods attribute that is no list of ours: checkout-error, no form', () => {
    const { el, errors } = element({ 'payment-methods': 'card boleto' });
    expect(errors.map((error) => [error.code, error.message])).toEqual([
      [
        'invalid_input',
        'Invalid mount options: paymentMethods must list card, pix, apple_pay, each at most once, card or pix among them',
      ],
    ]);
    expect(el.shadowRoot?.querySelector('form') ?? null).toBeNull();
  });

  it('customer-fields that cannot meet the email-or-phone rule: checkout-error, no form', () => {
    const { el, errors } = element({ 'customer-fields': 'name document' });
    expect(errors.map((error) => error.code)).toEqual(['configuration']);
    expect(el.shadowRoot?.querySelector('form') ?? null).toBeNull();
  });

  it('fires `charge` with variant A and threeDS; respondWith’s promise is the answer', async () => {
    const paths = service();
    const { el } = element();
    const payloads = onCharge(el, () => Promise.resolve({ id: 'ch_1', status: 'paid' }));
    const root = await pay(el);
    expect(paths).toEqual(['/v1/three-ds/authenticate', '/v1/three-ds/challenge-result']);
    expect(payloads).toHaveLength(1);
    expect(payloads[0]?.paymentMethod).toStrictEqual({
      type: 'credit_card',
      number: '4111111111111111',
      holderName: 'Ana Souza',
      expirationMonth: '12',
      expirationYear: '2099',
      cvv: '123',
      installments: 1,
      threeDS: challengeResult(),
    });
    expect(payloads[0]?.authentication).toMatchObject({ status: 'succeeded' });
    expect(noticeText(root)).toBe('Payment approved. Thank you!');
  });

  it('waits for the promise given to respondWith', async () => {
    service();
    const { el } = element();
    let settle!: (value: unknown) => void;
    onCharge(el, () => new Promise((resolve) => (settle = resolve)));
    const root = formRoot(el);
    fillCard(root);
    fireEvent.click(payButton(root));
    await vi.waitFor(() => expect(settle).toBeTypeOf('function'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(payButton(root).textContent).toBe('Processing…');
    settle({ id: 'ch_1', status: 'paid' });
    await vi.waitFor(() => expect(noticeText(root)).toBe('Payment approved. Thank you!'));
  });

  it.each([
    [{ id: 'ch_1', status: 'failed', failureReason: 'card_declined' }, 'declined'],
    [{ id: 'ch_1' }, 'configuration'],
  ])(
    'a charge answered %o is not approved: checkout-error %s, the form can retry',
    async (charge, code) => {
      service();
      const { el, errors } = element();
      onCharge(el, () => Promise.resolve(charge));
      const root = await pay(el);
      expect(noticeText(root)).not.toContain('approved');
      expect(errors.map((error) => error.code)).toEqual([code]);
      expect(payButton(root).disabled).toBe(false);
    },
  );

  it('shows the message of a rejected respondWith promise as text', async () => {
    service();
    const { el } = element();
    onCharge(el, () => Promise.reject(new Error('<i>Declined</i> by the issuer')));
    const root = await pay(el);
    expect(noticeText(root)).toContain('<i>Declined</i> by the issuer');
    expect(root.querySelector('i')).toBeNull();
  });

  it('managed 3DS through the three-ds attribute: no 3DS request from the page', async () => {
    const paths = service();
    const { el } = element({ 'three-ds': 'managed' });
    const payloads = onCharge(el, () => ({ id: 'ch_1', status: 'paid' }));
    await pay(el);
    expect(paths).toEqual([]);
    expect(payloads[0]?.paymentMethod).toMatchObject({ threeDSMode: 'managed' });
  });

  it('fires checkout-cancel when the shopper abandons the authentication', async () => {
    service('canceled');
    const { el } = element();
    const cancels = vi.fn();
    el.addEventListener('checkout-cancel', cancels);
    const payloads = onCharge(el, () => undefined);
    await pay(el);
    expect(cancels).toHaveBeenCalledOnce();
    expect(payloads).toEqual([]);
  });

  it('updates the form when an attribute changes', async () => {
    const { el, errors } = element({ installments: '2' });
    el.setAttribute('amount', '99.90');
    await vi.waitFor(() => expect(plain(payButton(formRoot(el)).textContent)).toBe('Pay R$99.90'));
    el.setAttribute('locale', 'es');
    await vi.waitFor(() =>
      expect(formRoot(el).querySelector('label')?.textContent).toBe('Número de tarjeta'),
    );
    el.setAttribute('installments', '4');
    await vi.waitFor(() => expect(formRoot(el).querySelectorAll('option')).toHaveLength(4));
    expect(errors).toEqual([]);
  });

  it('goes back to one installment when the attribute is removed', async () => {
    const { el } = element({ installments: '4' });
    el.removeAttribute('installments');
    await vi.waitFor(() => expect(formRoot(el).querySelector('select')).toBeNull());
  });

  it('destroys the form when removed, and mounts again when put back', () => {
    const { el } = element();
    el.remove();
    expect(el.querySelector('secure-checkout-form')).toBeNull();
    document.body.append(el);
    expect(el.querySelectorAll('secure-checkout-form')).toHaveLength(1);
  });

  it.each([
    [{ amount: '0' }, 'invalid_input'],
    [{ currency: 'brl' }, 'invalid_input'],
    [{ installments: '13' }, 'invalid_input'],
    [{ 'three-ds': 'x' }, 'invalid_input'],
    [{ 'publishable-key': 'sk_test_sandbox' }, 'configuration'],
    [{ 'publishable-key': '' }, 'configuration'],
    [{ 'base-url': 'javascript:alert(1)' }, 'insecure_url'],
  ])('a bad attribute %o → checkout-error with %s, and no form', (attributes, code) => {
    const { el, errors } = element(attributes);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(CheckoutError);
    expect(errors[0]?.code).toBe(code);
    expect(el.querySelector('secure-checkout-form')).toBeNull();
  });

  it('a bad attribute change → checkout-error; the form stays as it was', async () => {
    const { el, errors } = element();
    const seen = vi.fn();
    document.addEventListener('checkout-error', seen); // bubbles out of the element
    el.setAttribute('currency', 'brl');
    document.removeEventListener('checkout-error', seen);
    expect(errors.map((error) => [error.code, error.issues?.[0]?.path])).toEqual([
      ['invalid_input', 'currency'],
    ]);
    expect(seen).toHaveBeenCalledOnce();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(plain(payButton(formRoot(el)).textContent)).toBe('Pay R$120.50');
  });

  it('defines the element once', () => {
    expect(() => defineCheckoutElement()).not.toThrow();
    expect(customElements.get('secure-checkout')).toBeDefined();
  });

  it('an unanswered charge event is a configuration error, never "approved"', async () => {
    service();
    const { el, errors } = element();
    const root = await pay(el);
    expect(noticeText(root)).not.toContain('approved');
    expect(errors.map((e) => e.code)).toEqual(['configuration']);
    expect(errors[0]?.message).toContain('respondWith');
  });

  it('managed 3DS with a next action fires `resume`, answered like `charge`', async () => {
    const paths = service();
    const { el } = element({ 'three-ds': 'managed' });
    onCharge(el, () => ({
      id: 'ch_9',
      status: 'authentication_required',
      nextAction: { type: 'three_ds', authenticationId: 'auth_1', status: 'succeeded' },
    }));
    const resumed: unknown[] = [];
    el.addEventListener('resume', (event) => {
      const detail = (event as CustomEvent<{ charge: unknown; respondWith(v: unknown): void }>)
        .detail;
      resumed.push(detail.charge);
      detail.respondWith({ id: 'ch_9', status: 'paid' });
    });
    const root = await pay(el);
    expect(paths).toEqual(['/v1/three-ds/challenge-result']);
    expect(resumed).toEqual([expect.objectContaining({ id: 'ch_9' })]);
    expect(noticeText(root)).toBe('Payment approved. Thank you!');
  });

  it('a new publishable key re-creates the checkout; a fixed attribute retries a failed mount', () => {
    const { el, errors } = element({ 'publishable-key': 'sk_test_secret' });
    expect(errors.map((e) => e.code)).toEqual(['configuration']);
    expect(el.querySelector('secure-checkout-form')).toBeNull();
    el.setAttribute('publishable-key', 'pk_test_sandbox');
    expect(el.querySelectorAll('secure-checkout-form')).toHaveLength(1);
    el.setAttribute('base-url', 'https://other.example');
    expect(el.querySelectorAll('secure-checkout-form')).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });
});
