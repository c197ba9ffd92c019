import { act, createElement, type ReactElement, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { Checkout, CheckoutOptions, MountedCheckout, MountOptions } from 'secure-checkout';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SecureCheckoutForm, type SecureCheckoutFormProps } from './index';

/**
 * The real core (the form mounts into happy-dom), with what the component asks of it recorded:
 * checkouts made and destroyed, mounts, updates. `refusePrice` stands for a running payment: the
 * form refuses a new amount or currency then (`busy`), as the core does.
 */
const seen = vi.hoisted(() => ({
  made: 0,
  destroyed: 0,
  mounts: [] as { options: Record<string, unknown>; destroyed: boolean }[],
  updates: [] as Record<string, unknown>[],
  refusePrice: false,
}));
vi.mock('secure-checkout', async (importOriginal) => {
  const core = await importOriginal<typeof import('secure-checkout')>();
  const busy = () => new core.CheckoutError('busy', 'A payment is running');
  return {
    ...core,
    createCheckout(options: CheckoutOptions): Checkout {
      const checkout = core.createCheckout(options);
      seen.made++;
      return {
        ...checkout,
        destroy() {
          seen.destroyed++;
          checkout.destroy();
        },
        mount(target, options): MountedCheckout {
          const record = { options: { ...options }, destroyed: false };
          seen.mounts.push(record);
          const mounted = checkout.mount(target, options);
          return {
            update(changes) {
              if (seen.refusePrice && ('amount' in changes || 'currency' in changes)) throw busy();
              seen.updates.push(changes);
              mounted.update(changes);
            },
            destroy() {
              record.destroyed = true;
              mounted.destroy();
            },
          };
        },
      };
    },
  };
});

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

const props = (overrides: Partial<SecureCheckoutFormProps> = {}): SecureCheckoutFormProps => ({
  publishableKey: 'pk_test_react',
  baseUrl: 'https://api.example',
  amount: 100,
  currency: 'BRL',
  onCharge: () => ({ status: 'paid' }),
  onError: vi.fn(),
  ...overrides,
});
const strict = (p: SecureCheckoutFormProps) =>
  createElement(StrictMode, null, createElement(SecureCheckoutForm, p));

let container: HTMLElement;
let root: Root | undefined;
const hosts = () => container.querySelectorAll('secure-checkout-form');
const payLabel = () =>
  hosts()[0]?.shadowRoot?.querySelector('button[type="submit"]')?.textContent ?? '';

async function render(element: ReactElement) {
  root ??= createRoot(container);
  await act(async () => root?.render(element));
}
/** The form's chunk loaded and rendered Pay. */
const formShown = () => vi.waitFor(() => expect(payLabel()).toMatch(/^Pay /));

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  container = document.createElement('div');
  document.body.append(container);
  Object.assign(seen, { made: 0, destroyed: 0, mounts: [], updates: [], refusePrice: false });
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  container.remove();
});

describe('<SecureCheckoutForm>', () => {
  it("mounts one form through StrictMode's mount, unmount and mount again", async () => {
    await render(strict(props()));
    await formShown();
    expect(hosts()).toHaveLength(1);
    expect(container.firstElementChild?.getAttribute('data-secure-checkout')).toBe('');
    // The first checkout was destroyed by StrictMode's unmount before it mounted anything.
    expect(seen).toMatchObject({ made: 2, destroyed: 1 });
    expect(seen.mounts).toHaveLength(1);
  });

  it('hydrates the server markup and mounts once, with nothing logged', async () => {
    const errors = vi.spyOn(console, 'error');
    container.innerHTML = renderToString(strict(props()));
    await act(async () => {
      root = hydrateRoot(container, strict(props()));
    });
    await formShown();
    expect(hosts()).toHaveLength(1);
    expect(seen.mounts).toHaveLength(1);
    expect(errors).not.toHaveBeenCalled();
  });

  it('applies a changed prop as one update of what changed, on the same form', async () => {
    await render(strict(props()));
    await formShown();
    const form = hosts()[0];
    await render(strict(props({ amount: 250, locale: 'en-US' })));
    await vi.waitFor(() => expect(payLabel()).toContain('250'));
    expect(hosts()[0]).toBe(form);
    expect(seen.updates).toEqual([{ amount: 250, locale: 'en-US' }]);
    expect(seen.mounts).toHaveLength(1);
  });

  it('is no update when a render passes new callbacks and equal objects', async () => {
    const latest = vi.fn(() => ({ status: 'paid' }));
    await render(strict(props({ onCharge: () => ({}), customer: { id: 'cus_1' } })));
    await render(strict(props({ onCharge: latest, customer: { id: 'cus_1' } })));
    expect(seen.updates).toEqual([]);
    // The form calls the callback the latest render passed.
    const onCharge = seen.mounts[0]?.options.onCharge as MountOptions['onCharge'];
    expect(await onCharge({ paymentMethod: { type: 'pix' } })).toEqual({ status: 'paid' });
    expect(latest).toHaveBeenCalledOnce();
  });

  it('reports an amount refused while paying, applies the rest, and the amount once it ended', async () => {
    const onError = vi.fn();
    await render(strict(props({ onError })));
    await formShown();
    seen.refusePrice = true;
    await render(strict(props({ onError, amount: 300, locale: 'pt-BR' })));
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ code: 'busy' });
    expect(seen.updates).toEqual([{ locale: 'pt-BR' }]);
    // A re-render with the same props reports nothing again.
    await render(strict(props({ onError, amount: 300, locale: 'pt-BR' })));
    expect(onError).toHaveBeenCalledOnce();

    // The payment ends (the form calls onCancel): the amount applies, once.
    seen.refusePrice = false;
    const onCancel = seen.mounts[0]?.options.onCancel as () => void;
    onCancel();
    await vi.waitFor(() => expect(seen.updates).toEqual([{ locale: 'pt-BR' }, { amount: 300 }]));
    await vi.waitFor(() => expect(payLabel()).toContain('300'));
    expect(onError).toHaveBeenCalledOnce();
  });

  it('applies a refused amount at the next change of props', async () => {
    const onError = vi.fn();
    await render(strict(props({ onError })));
    seen.refusePrice = true;
    await render(strict(props({ onError, amount: 300 })));
    seen.refusePrice = false;
    await render(strict(props({ onError, amount: 300, customerFields: ['email'] })));
    expect(seen.updates).toEqual([{ amount: 300, customerFields: ['email'] }]);
  });

  it('destroys the form and the checkout on unmount', async () => {
    await render(strict(props()));
    await formShown();
    await act(async () => root?.unmount());
    root = undefined;
    expect(hosts()).toHaveLength(0);
    expect(seen.mounts[0]?.destroyed).toBe(true);
    expect(seen.destroyed).toBe(seen.made);
  });

  it('makes a new checkout and form when the publishable key changes', async () => {
    await render(strict(props()));
    await formShown();
    await render(strict(props({ publishableKey: 'pk_test_other' })));
    await formShown();
    expect(hosts()).toHaveLength(1);
    expect(seen.mounts.map((m) => m.destroyed)).toEqual([true, false]);
  });

  it.each([
    { baseUrl: 'https://other.example' },
    { fingerprintTimeoutMs: 5_000 },
    { requestTimeoutMs: 5_000 },
    { challengeWindowSize: '01' as const },
    { ipAddress: '203.0.113.7' },
  ])('makes a new checkout and form for %o, none for an equal render', async (change) => {
    await render(strict(props()));
    await formShown();
    await render(strict(props()));
    expect(seen.mounts).toHaveLength(1);
    await render(strict(props(change)));
    await formShown();
    expect(hosts()).toHaveLength(1);
    expect(seen.mounts.map((m) => m.destroyed)).toEqual([true, false]);
  });

  it('reports options createCheckout refuses to onError', async () => {
    const onError = vi.fn();
    await render(strict(props({ onError, publishableKey: 'sk_test_secret' })));
    expect(onError).toHaveBeenCalled();
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ code: 'configuration' });
    expect(hosts()).toHaveLength(0);
  });
});
