import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCheckout, provideMount } from '../checkout';
import { CheckoutError } from '../errors';
import {
  BASE_URL,
  cleanPage,
  mountOptions,
  mountPublic,
  payButton,
  plain,
  savedCard,
} from '../test-support/checkout-ui';
import type { MountOptions } from '../types';
import { FORM_HOST_TAG, mountCheckout } from './mount';
import { checkMountOptions } from './mount-options';

afterEach(cleanPage);

/** The error `run` throws; fails the test when it throws none. */
function thrown(run: () => unknown): CheckoutError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CheckoutError);
    return error as CheckoutError;
  }
  return expect.unreachable('nothing was thrown');
}

const bad = (changes: Record<string, unknown>) =>
  ({ ...mountOptions(), ...changes }) as unknown as MountOptions;

describe('checkMountOptions', () => {
  it('takes valid options as they are', () => {
    const options = mountOptions({
      installments: 12,
      savedCards: [savedCard(), savedCard({ status: 'inactive' })],
      threeDS: 'managed',
      locale: 'es',
      onResume: vi.fn(),
    });
    expect(checkMountOptions(options)).toBe(options);
    expect(() => checkMountOptions(mountOptions({ amount: 1, currency: 'USD' }))).not.toThrow();
  });

  it.each([undefined, null, 'x'])('options %o → configuration', (options) => {
    expect(thrown(() => checkMountOptions(options as unknown as MountOptions)).code).toBe(
      'configuration',
    );
  });

  it.each([undefined, 'https://merchant.example/charge'])(
    'onCharge %o → configuration',
    (onCharge) => {
      const error = thrown(() => checkMountOptions(bad({ onCharge })));
      expect(error.code).toBe('configuration');
      expect(error.message).toMatch(/onCharge/);
    },
  );

  it.each([
    [{ amount: 0 }, 'amount'],
    [{ amount: 0.99 }, 'amount'],
    [{ amount: -5 }, 'amount'],
    [{ amount: '120.50' }, 'amount'],
    [{ amount: Number.NaN }, 'amount'],
    [{ amount: Number.POSITIVE_INFINITY }, 'amount'],
    [{ currency: 'brl' }, 'currency'],
    [{ currency: 'BR' }, 'currency'],
    [{ currency: 'XYZ' }, 'currency'],
    [{ currency: undefined }, 'currency'],
    [{ installments: 13 }, 'installments'],
    [{ installments: 0 }, 'installments'],
    [{ installments: 1.5 }, 'installments'],
    [{ installments: '3' }, 'installments'],
    [{ savedCards: 'card_1' }, 'savedCards'],
    [{ savedCards: {} }, 'savedCards'],
    [{ savedCards: [savedCard(), { id: 'card_2' }] }, 'savedCards.1'],
    [{ savedCards: [null] }, 'savedCards.0'],
    [{ savedCards: [savedCard({ status: 'blocked' as 'active' })] }, 'savedCards.0'],
    [{ threeDS: 'x' }, 'threeDS'],
    [{ locale: 42 }, 'locale'],
    [{ onError: 'log' }, 'onError'],
    [{ onCancel: true }, 'onCancel'],
    [{ onResume: {} }, 'onResume'],
    [{ paymentMethods: 'pix' }, 'paymentMethods'],
    [{ paymentMethods: [] }, 'paymentMethods'],
    [{ paymentMethods: ['boleto'] }, 'paymentMethods'],
    [{ paymentMethods: ['card', 'PIX'] }, 'paymentMethods'],
    [{ paymentMethods: ['pix', 'pix'] }, 'paymentMethods'],
    [{ paymentMethods: ['apple_pay'] }, 'paymentMethods'],
    [{ paymentMethods: [null] }, 'paymentMethods'],
    [{ onPixStatus: '/pix/status' }, 'onPixStatus'],
  ])('%o → invalid_input at %s', (changes, path) => {
    const error = thrown(() => checkMountOptions(bad(changes)));
    expect(error.code).toBe('invalid_input');
    expect(error.issues?.map((issue) => issue.path)).toEqual([path]);
    expect(error.issues?.[0]?.message).not.toBe('');
  });

  it.each([
    [['card']],
    [['pix']],
    [['pix', 'card']],
    [['card', 'pix', 'apple_pay']],
    [['apple_pay', 'pix']],
  ])('paymentMethods %o is taken as it is', (paymentMethods) => {
    const options = mountOptions({
      paymentMethods: paymentMethods as MountOptions['paymentMethods'],
      onPixStatus: vi.fn(),
    });
    expect(checkMountOptions(options)).toBe(options);
  });

  it('a bad paymentMethods says what it must be', () => {
    const error = thrown(() => checkMountOptions(bad({ paymentMethods: ['apple_pay'] })));
    expect(error.message).toBe(
      'Invalid mount options: paymentMethods must list card, pix, apple_pay, each at most once, card or pix among them',
    );
  });

  it('lists every bad option at once', () => {
    const error = thrown(() =>
      checkMountOptions(
        bad({ amount: 0, currency: 'brl', installments: 13, savedCards: 'x', threeDS: 'x' }),
      ),
    );
    expect(error.issues?.map((issue) => issue.path)).toEqual([
      'amount',
      'currency',
      'installments',
      'savedCards',
      'threeDS',
    ]);
  });
});

describe('mount()', () => {
  function checkout() {
    provideMount(mountCheckout);
    return createCheckout({ publishableKey: 'pk_test_sandbox', baseUrl: BASE_URL });
  }

  it('renders into a selector, in an open shadow root styled by a constructable sheet', () => {
    const container = document.createElement('section');
    container.id = 'pay-here';
    document.body.append(container);
    const handle = checkout().mount('#pay-here', mountOptions());
    const host = container.querySelector(FORM_HOST_TAG);
    expect(host?.shadowRoot?.mode).toBe('open');
    expect(host?.shadowRoot?.adoptedStyleSheets).toHaveLength(1);
    expect(host?.shadowRoot?.querySelector('style, link')).toBeNull();
    expect(host?.shadowRoot?.querySelector('form')).not.toBeNull();
    handle.destroy();
    expect(container.childNodes).toHaveLength(0);
  });

  it('refuses a selector that finds nothing, and renders nothing', () => {
    const error = thrown(() => checkout().mount('#nowhere', mountOptions()));
    expect(error.code).toBe('configuration');
    expect(document.querySelector(FORM_HOST_TAG)).toBeNull();
  });

  it('throws invalid_input with issues for bad options, and renders nothing', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const error = thrown(() => checkout().mount(container, bad({ amount: 0, currency: 'brl' })));
    expect(error.code).toBe('invalid_input');
    expect(error.issues?.map((issue) => issue.path)).toEqual(['amount', 'currency']);
    expect(container.childNodes).toHaveLength(0);
  });

  it('throws configuration without onCharge', () => {
    const container = document.createElement('div');
    document.body.append(container);
    expect(thrown(() => checkout().mount(container, bad({ onCharge: undefined }))).code).toBe(
      'configuration',
    );
    expect(container.childNodes).toHaveLength(0);
  });

  it('mounts twice side by side and destroys one without the other', () => {
    const a = mountPublic();
    const b = mountPublic({ locale: 'pt-BR' });
    a.handle.destroy();
    expect(a.container.childNodes).toHaveLength(0);
    expect(plain(payButton(b.root).textContent)).toBe('Pagar R$ 120,50');
  });
});

describe('update()', () => {
  it.each([
    [{ amount: 0 }, 'invalid_input'],
    [{ currency: 'brl' }, 'invalid_input'],
    [{ installments: 13 }, 'invalid_input'],
    [{ threeDS: 'x' }, 'invalid_input'],
    [{ savedCards: [{}] }, 'invalid_input'],
    [{ paymentMethods: ['cash'] }, 'invalid_input'],
    [{ onCharge: undefined }, 'configuration'],
  ])('%o throws %s and changes nothing', async (changes, code) => {
    const m = mountPublic({ installments: 2 });
    const before = m.root.innerHTML;
    const error = thrown(() => m.handle.update(changes as Partial<MountOptions>));
    expect(error.code).toBe(code);
    // A later good update starts from the options before the bad one.
    m.handle.update({ locale: 'en' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(m.root.innerHTML).toBe(before);
    expect(plain(payButton(m.root).textContent)).toBe('Pay R$120.50');
  });

  it('merges changes into the options it has', async () => {
    const m = mountPublic({ installments: 3, locale: 'en' });
    m.handle.update({ amount: 30 });
    await vi.waitFor(() => expect(plain(payButton(m.root).textContent)).toBe('Pay R$30.00'));
    expect(m.root.querySelectorAll('option')).toHaveLength(3);
    m.handle.update({ installments: 1 });
    await vi.waitFor(() => expect(m.root.querySelector('select')).toBeNull());
    m.handle.update({ savedCards: [savedCard()] });
    await vi.waitFor(() => expect(m.ui.queryAllByRole('radio')).toHaveLength(2));
  });
});
