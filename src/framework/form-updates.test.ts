// @vitest-environment node
import { CheckoutError, type MountedCheckout } from 'secure-checkout';
import { describe, expect, it, vi } from 'vitest';
import { type FormProps, FormUpdates } from './form-updates';
import { sameValue } from './same-value';

/**
 * A fake form that checks an update as the core's does (src/ui/mount.tsx): an amount of 0 is
 * `invalid_input`; while `paying`, a new amount or currency is `busy` and changes nothing.
 */
function setUp(props: FormProps = { amount: 100, currency: 'BRL' }) {
  const form = { paying: false, options: {} as FormProps, calls: [] as FormProps[] };
  const reports: unknown[] = [];
  const mounted: MountedCheckout = {
    update(changes) {
      form.calls.push(changes);
      const next = { ...form.options, ...changes };
      if (next.amount === 0) throw new CheckoutError('invalid_input', 'amount: above 0');
      if (
        form.paying &&
        (next.amount !== form.options.amount || next.currency !== form.options.currency)
      )
        throw new CheckoutError('busy', 'The amount cannot change while a payment runs');
      form.options = next;
    },
    destroy() {},
  };
  const updates = new FormUpdates(
    (options) => {
      form.options = options;
      return mounted;
    },
    props,
    (error) => reports.push(error),
  );
  /** The codes reported so far. */
  const reported = () => reports.map((error) => (error as CheckoutError).code ?? error);
  return { form, updates, reports, reported };
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FormUpdates', () => {
  it('mounts with the props: undefined left out, callbacks as forwarders, onError and onCancel always', () => {
    const onCharge = vi.fn(() => 'charged');
    const { form, updates } = setUp({ amount: 100, locale: undefined, onCharge });
    expect(updates.mounted).toBeDefined();
    expect(Object.keys(form.options).sort()).toEqual(['amount', 'onCancel', 'onCharge', 'onError']);
    expect(form.options.onCharge).not.toBe(onCharge);
    expect((form.options.onCharge as () => unknown)()).toBe('charged');
    expect(() => (form.options.onCancel as () => void)()).not.toThrow();
  });

  it('makes each change of props one update of what changed', () => {
    const { form, updates } = setUp({ amount: 100, currency: 'BRL', locale: 'en' });
    updates.change({ amount: 250, currency: 'BRL', locale: 'pt-BR' });
    updates.change({ amount: 250, currency: 'BRL' });
    expect(form.calls).toEqual([{ amount: 250, locale: 'pt-BR' }, { locale: undefined }]);
  });

  it('updates nothing for equal values: inline arrays and objects, new callbacks (the latest called)', async () => {
    const first = vi.fn();
    const latest = vi.fn(async () => ({ status: 'paid' }));
    const props = { amount: 100, customer: { id: 'c' }, paymentMethods: ['card'], onCharge: first };
    const { form, updates } = setUp(props);
    const forwarder = form.options.onCharge as () => Promise<unknown>;
    updates.change({ ...props, customer: { id: 'c' }, paymentMethods: ['card'], onCharge: latest });
    updates.change({ ...props, customer: { id: 'c' }, paymentMethods: ['card'], onCharge: latest });
    expect(form.calls).toEqual([]);
    expect(await forwarder()).toEqual({ status: 'paid' });
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledOnce();
  });

  it('while a new amount is held back, the callbacks of the props being paid answer; then the latest', async () => {
    const forCart = (cart: string) => vi.fn(async () => ({ status: 'paid', cart }));
    const paying = forCart('1 mug');
    const { form, updates } = setUp({ amount: 100, currency: 'BRL', onCharge: paying });
    const onCharge = form.options.onCharge as () => Promise<unknown>;
    form.paying = true;
    const bigger = forCart('3 mugs');
    updates.change({ amount: 300, currency: 'BRL', onCharge: bigger });
    // The bank authenticated 100: the charge is for the cart of 100, not the newer one.
    expect(await onCharge()).toEqual({ status: 'paid', cart: '1 mug' });
    expect(bigger).not.toHaveBeenCalled();
    form.paying = false;
    await nextTask(); // onCharge settled: the held amount applies, and its props answer
    expect(form.options.amount).toBe(300);
    expect(await onCharge()).toEqual({ status: 'paid', cart: '3 mugs' });
  });

  it('while paying: busy reported once per refused change, the other changes applied at once', async () => {
    const { form, updates, reported } = setUp({ amount: 100, currency: 'BRL' });
    form.paying = true;
    updates.change({ amount: 300, currency: 'BRL' });
    expect(reported()).toEqual(['busy']);
    // An equal re-render, and retries while the payment still runs: nothing reported again.
    updates.change({ amount: 300, currency: 'BRL' });
    updates.paymentMayHaveEnded();
    await nextTask();
    updates.paymentMayHaveEnded();
    await nextTask();
    expect(reported()).toEqual(['busy']);
    expect(form.options).toMatchObject({ amount: 100 });

    // Another change is another refusal, and what it changed besides the price applies.
    updates.change({ amount: 300, currency: 'BRL', locale: 'pt-BR' });
    expect(reported()).toEqual(['busy', 'busy']);
    expect(form.options).toMatchObject({ amount: 100, currency: 'BRL', locale: 'pt-BR' });
    expect(form.calls.at(-1)).toEqual({ locale: 'pt-BR' });
  });

  it('applies the kept price on the task after paymentMayHaveEnded()', async () => {
    const { form, updates, reported } = setUp({ amount: 100, currency: 'BRL' });
    form.paying = true;
    updates.change({ amount: 300, currency: 'USD' });
    form.paying = false;
    updates.paymentMayHaveEnded();
    await Promise.resolve();
    expect(form.options).toMatchObject({ amount: 100, currency: 'BRL' });
    await nextTask();
    expect(form.options).toMatchObject({ amount: 300, currency: 'USD' });
    expect(form.calls.at(-1)).toEqual({ amount: 300, currency: 'USD' });
    expect(reported()).toEqual(['busy']);
  });

  it('applies the kept price at the next change of props', () => {
    const { form, updates } = setUp({ amount: 100, currency: 'BRL' });
    form.paying = true;
    updates.change({ amount: 300, currency: 'BRL' });
    form.paying = false;
    updates.change({ amount: 300, currency: 'BRL', customerFields: ['email'] });
    expect(form.calls.at(-1)).toEqual({ amount: 300, customerFields: ['email'] });
    expect(form.options).toMatchObject({ amount: 300 });
  });

  it("retries once a callback's result settled, and after onError or onCancel", async () => {
    let settle = (_value: unknown) => {};
    const onCharge = () => new Promise((resolve) => (settle = resolve));
    const { form, updates } = setUp({ amount: 100, currency: 'BRL', onCharge });
    const charge = (form.options.onCharge as () => Promise<unknown>)();
    form.paying = true;
    updates.change({ amount: 300, currency: 'BRL', onCharge });
    form.paying = false;
    await nextTask();
    expect(form.options).toMatchObject({ amount: 100 });
    settle('paid');
    expect(await charge).toBe('paid');
    await nextTask();
    expect(form.options).toMatchObject({ amount: 300 });

    form.paying = true;
    updates.change({ amount: 400, currency: 'BRL', onCharge });
    form.paying = false;
    (form.options.onCancel as () => void)();
    await nextTask();
    expect(form.options).toMatchObject({ amount: 400 });
  });

  it('reports other refusals, once per change, and applies nothing of that change', async () => {
    const { form, updates, reported } = setUp({ amount: 100, currency: 'BRL' });
    updates.change({ amount: 0, currency: 'BRL', locale: 'pt-BR' });
    expect(reported()).toEqual(['invalid_input']);
    expect(form.options).toMatchObject({ amount: 100 });
    expect(form.options.locale).toBeUndefined();
    updates.paymentMayHaveEnded();
    await nextTask();
    expect(reported()).toEqual(['invalid_input']);
    updates.change({ amount: 50, currency: 'BRL', locale: 'pt-BR' });
    expect(form.options).toMatchObject({ amount: 50, locale: 'pt-BR' });
    expect(reported()).toEqual(['invalid_input']);
  });

  it('stops: no update after, a pending retry dropped', async () => {
    const { form, updates } = setUp({ amount: 100, currency: 'BRL' });
    form.paying = true;
    updates.change({ amount: 300, currency: 'BRL' });
    const calls = form.calls.length;
    form.paying = false;
    updates.paymentMayHaveEnded();
    updates.stop();
    await nextTask();
    updates.change({ amount: 500, currency: 'BRL' });
    (form.options.onError as () => void)();
    await nextTask();
    expect(form.calls).toHaveLength(calls);
    expect(form.options).toMatchObject({ amount: 100 });
  });
});

describe('sameValue', () => {
  it('compares plain data by value, anything else by identity', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue(['card'], ['card', 'pix'])).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([], {})).toBe(false);
    expect(sameValue(Number.NaN, Number.NaN)).toBe(true);
    expect(sameValue(new Date(0), new Date(0))).toBe(false);
    expect(
      sameValue(
        () => {},
        () => {},
      ),
    ).toBe(false);
  });
});
