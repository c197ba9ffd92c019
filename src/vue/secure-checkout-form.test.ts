/**
 * The component in a DOM (happy-dom), over the real core with its checkout spied on: one
 * checkout and one mount per component, a changed prop is one update() of what changed, a refused
 * amount is emitted and applied when the payment ended, unmounting destroys everything.
 */
import {
  type Checkout,
  CheckoutError,
  type CheckoutOptions,
  type MountedCheckout,
  type MountOptions,
} from 'secure-checkout';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type App, createApp, createSSRApp, h, nextTick, reactive } from 'vue';
import { renderToString } from 'vue/server-renderer';
import { SecureCheckoutForm } from './index';

/** Every checkout the component made, its mounts, updates and destroys. */
const made = vi.hoisted(() => ({
  checkouts: [] as { options: CheckoutOptions; destroyed: number }[],
  mounts: [] as { options: MountOptions; destroyed: number }[],
  updates: [] as Partial<MountOptions>[],
  /** While set, an update() changing the amount or currency throws `busy`, as during a payment. */
  paying: false,
}));

vi.mock('secure-checkout', async (importOriginal) => {
  const core = await importOriginal<typeof import('secure-checkout')>();
  const createCheckout = (options: CheckoutOptions): Checkout => {
    const real = core.createCheckout(options);
    const record = { options, destroyed: 0 };
    made.checkouts.push(record);
    return {
      ...real,
      mount(target, mountOptions): MountedCheckout {
        const mounted = real.mount(target, mountOptions);
        const mount = { options: mountOptions, destroyed: 0 };
        made.mounts.push(mount);
        return {
          update(changes) {
            made.updates.push(changes);
            if (made.paying && ('amount' in changes || 'currency' in changes))
              throw new core.CheckoutError('busy', 'A payment is running');
            mounted.update(changes);
          },
          destroy() {
            mount.destroyed++;
            mounted.destroy();
          },
        };
      },
      destroy() {
        record.destroyed++;
        real.destroy();
      },
    };
  };
  return { ...core, createCheckout };
});

const props = reactive({
  publishableKey: 'pk_test_sandbox',
  baseUrl: 'https://api.example',
  amount: 120.5,
  currency: 'BRL',
  paymentMethods: ['card', 'pix'] as MountOptions['paymentMethods'],
  locale: undefined as string | undefined,
  onCharge: vi.fn(async () => ({ id: 'ch_1', status: 'paid' })),
});
let app: App | undefined;
let root: HTMLElement;
const errors: CheckoutError[] = [];
const cancels: number[] = [];
const warnings: string[] = [];

function mountApp(extra: Record<string, unknown> = {}) {
  app = createApp({
    render: () =>
      h(SecureCheckoutForm, {
        ...props,
        // A template's inline array: a new one at each render, the same value.
        paymentMethods: [...(props.paymentMethods ?? [])],
        ...extra,
        onError: (error: CheckoutError) => errors.push(error),
        onCancel: () => cancels.push(1),
      }),
  });
  app.config.warnHandler = (message) => void warnings.push(message);
  app.mount(root);
}

/** The form's host once the lazily loaded form is there. */
const formHost = () =>
  vi.waitFor(() => {
    const host = root.querySelector('[data-secure-checkout] > secure-checkout-form');
    if (!host) throw new Error('no form yet');
    return host;
  });
const payLabel = async () =>
  (await formHost()).shadowRoot?.querySelector('button[type="submit"]')?.textContent;

beforeEach(() => {
  root = document.createElement('div');
  document.body.append(root);
  Object.assign(made, { checkouts: [], mounts: [], updates: [], paying: false });
  errors.length = 0;
  cancels.length = 0;
  warnings.length = 0;
  Object.assign(props, {
    publishableKey: 'pk_test_sandbox',
    amount: 120.5,
    currency: 'BRL',
    locale: undefined,
  });
});
afterEach(() => {
  app?.unmount();
  app = undefined;
  root.remove();
});

describe('<SecureCheckoutForm> in the browser', () => {
  it('mounts one form in its placeholder, with the props as mount options', async () => {
    mountApp();
    const host = await formHost();
    expect(host.parentElement?.outerHTML.startsWith('<div data-secure-checkout="">')).toBe(true);
    expect(made.checkouts).toHaveLength(1);
    expect(made.checkouts[0]?.options).toMatchObject({ publishableKey: 'pk_test_sandbox' });
    expect(made.mounts).toHaveLength(1);
    expect(made.mounts[0]?.options).toMatchObject({ amount: 120.5, currency: 'BRL' });
    expect(await payLabel()).toMatch(/120[.,]50/);
    expect(warnings).toEqual([]);
  });

  it("hydrates the server's markup: its placeholder kept, one checkout, one form, no mismatch", async () => {
    const page = () => h('main', [h(SecureCheckoutForm, { ...props })]);
    root.innerHTML = await renderToString(createSSRApp({ render: page }));
    const placeholder = root.querySelector('[data-secure-checkout]');
    expect(made.checkouts).toHaveLength(0);
    app = createSSRApp({ render: page });
    app.config.warnHandler = (message) => void warnings.push(message);
    app.mount(root);
    const host = await formHost();
    expect(host.parentElement).toBe(placeholder);
    expect(made.checkouts).toHaveLength(1);
    expect(made.mounts).toHaveLength(1);
    expect(root.querySelectorAll('secure-checkout-form')).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('a changed prop is one update() of that prop: the same form, no new mount', async () => {
    mountApp();
    const host = await formHost();
    props.amount = 99;
    await nextTick();
    expect(made.updates).toEqual([{ amount: 99 }]);
    expect(await formHost()).toBe(host);
    await vi.waitFor(async () => expect(await payLabel()).toMatch(/99[.,]00/));
    expect(made.checkouts).toHaveLength(1);
    expect(made.mounts).toHaveLength(1);
    // A re-render with the same values (the inline array a new one) updates nothing.
    props.currency = 'BRL';
    props.paymentMethods = ['card', 'pix'];
    await nextTick();
    expect(made.updates).toHaveLength(1);
  });

  it('an amount refused while paying is emitted as `busy`, kept, and applied when the payment ended', async () => {
    mountApp();
    await formHost();
    made.paying = true;
    props.amount = 250;
    await nextTick();
    expect(errors.map((error) => error.code)).toEqual(['busy']);
    expect(errors[0]).toBeInstanceOf(CheckoutError);
    expect(await payLabel()).toMatch(/120[.,]50/);

    // The payment ends: the shopper closed the challenge (the core calls onCancel).
    made.paying = false;
    made.mounts[0]?.options.onCancel?.();
    expect(cancels).toEqual([1]);
    await vi.waitFor(() => expect(made.updates.at(-1)).toEqual({ amount: 250 }));
    await vi.waitFor(async () => expect(await payLabel()).toMatch(/250[.,]00/));
    expect(errors).toHaveLength(1);
    expect(made.mounts).toHaveLength(1);
  });

  it('while paying, other changes apply at once; the kept amount follows when onCharge settled', async () => {
    mountApp();
    await formHost();
    made.paying = true;
    props.amount = 250;
    await nextTick();
    props.locale = 'pt-BR';
    await nextTick();
    // Each refused change reported once; the locale then applied alone, the amount kept.
    expect(made.updates).toEqual([
      { amount: 250 },
      { amount: 250, locale: 'pt-BR' },
      { locale: 'pt-BR' },
    ]);
    expect(errors.map((error) => error.code)).toEqual(['busy', 'busy']);
    await vi.waitFor(async () => expect(await payLabel()).toMatch(/^Pagar R\$\s?120,50$/));

    // onCharge as the core calls it: its promise settles, then the kept amount is applied.
    made.paying = false;
    await made.mounts[0]?.options.onCharge({ paymentMethod: { type: 'pix' } });
    expect(props.onCharge).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(made.updates).toHaveLength(4));
    expect(made.updates[3]).toEqual({ amount: 250 });
    await vi.waitFor(async () => expect(await payLabel()).toMatch(/^Pagar R\$\s?250,00$/));
    expect(errors).toHaveLength(2);
  });

  it('a bad prop is emitted as the core refuses it', async () => {
    mountApp();
    await formHost();
    props.amount = 0;
    await nextTick();
    expect(errors.map((error) => error.code)).toEqual(['invalid_input']);
  });

  it('a bad key is emitted as `configuration`, and nothing is mounted', async () => {
    mountApp({ publishableKey: 'sk_test_secret' });
    await nextTick();
    expect(errors.map((error) => error.code)).toEqual(['configuration']);
    expect(root.querySelector('secure-checkout-form')).toBeNull();
  });

  it('a new publishableKey makes a new checkout and form; the old ones are destroyed', async () => {
    mountApp();
    const first = await formHost();
    props.publishableKey = 'pk_test_other';
    await nextTick();
    expect(made.checkouts.map((c) => [c.options.publishableKey, c.destroyed])).toEqual([
      ['pk_test_sandbox', 1],
      ['pk_test_other', 0],
    ]);
    expect(made.updates).toEqual([]);
    await vi.waitFor(async () => expect(await formHost()).not.toBe(first));
    expect(root.querySelectorAll('secure-checkout-form')).toHaveLength(1);
  });

  it('telemetry goes to the latest onEvent', async () => {
    const seen: string[] = [];
    mountApp({ onEvent: () => seen.push('first') });
    await formHost();
    app?.unmount();
    mountApp({ onEvent: () => seen.push('second') });
    await formHost();
    made.checkouts.at(-1)?.options.onEvent?.({ type: 'result', timestamp: 0 });
    expect(seen).toEqual(['second']);
  });

  it('unmounting destroys the form and the checkout, and leaves nothing', async () => {
    mountApp();
    await formHost();
    app?.unmount();
    app = undefined;
    expect(made.mounts.map((m) => m.destroyed)).toEqual([1]);
    expect(made.checkouts.map((c) => c.destroyed)).toEqual([1]);
    expect(document.querySelector('secure-checkout-form')).toBeNull();
  });

  it('unmounted before the form loaded: nothing is left either', async () => {
    mountApp();
    app?.unmount();
    app = undefined;
    await import('../ui/mount');
    await nextTick();
    expect(made.checkouts.map((c) => c.destroyed)).toEqual([1]);
    expect(document.querySelector('secure-checkout-form')).toBeNull();
  });
});
