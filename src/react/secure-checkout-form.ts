import { createElement, type ReactElement, useEffect, useRef } from 'react';
import {
  type CheckoutEvent,
  type CheckoutOptions,
  isCheckoutError,
  type MountOptions,
} from 'secure-checkout';
import { CHECKOUT_KEYS } from '../framework/checkout-keys';
import { type FormProps, FormUpdates, mayEndPayment } from '../framework/form-updates';
import { useCheckoutOf } from './use-secure-checkout';

export interface SecureCheckoutFormProps extends CheckoutOptions, MountOptions {
  /** On the element the form is mounted into. */
  className?: string;
  /** On the element the form is mounted into. */
  id?: string;
}

/** createCheckout's options that are not mount()'s: they never reach update(). */
const CHECKOUT_ONLY: readonly string[] = [...CHECKOUT_KEYS, 'onEvent'];

type Options = Omit<SecureCheckoutFormProps, 'className' | 'id'>;

/** The form's props: no createCheckout-only option (src/framework/form-updates.ts does the rest). */
const formPropsOf = (options: Options): FormProps =>
  Object.fromEntries(Object.entries(options).filter(([key]) => !CHECKOUT_ONLY.includes(key)));

/**
 * The drop-in form (`mount()`) as a component: `<div data-secure-checkout="">`, on the server
 * too, and the form mounted into it by an effect once the checkout is made (useSecureCheckout).
 * A changed prop is one `update()` with what changed, never a remount; an amount or currency
 * changed while a payment runs is refused by the form (`busy`, reported to onError) and applied
 * when the payment has ended. Unmount destroys the form and the checkout.
 * Callbacks are called as the latest render passed them: a new function at each render is no
 * update (each is handed to the form once, as a stable forwarder).
 */
export function SecureCheckoutForm(props: SecureCheckoutFormProps): ReactElement {
  const { className, id, ...options } = props;
  const host = useRef<HTMLDivElement>(null);
  const updates = useRef<FormUpdates | null>(null);
  const latest = useRef<Options>(options);
  useEffect(() => {
    latest.current = options;
  });

  const report = (error: unknown) => {
    const onError = latest.current.onError;
    if (onError && isCheckoutError(error)) onError(error);
    else console.error(error);
  };

  const checkout = useCheckoutOf(
    {
      ...options,
      onEvent: (event: CheckoutEvent) => {
        if (mayEndPayment(event)) updates.current?.paymentMayHaveEnded();
        latest.current.onEvent?.(event);
      },
    },
    report,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: mounted once per checkout; props after that are updates (the effect below)
  useEffect(() => {
    const target = host.current;
    if (!checkout || !target) return;
    try {
      const form = new FormUpdates(
        (options) => checkout.mount(target, options as unknown as MountOptions),
        formPropsOf(latest.current),
        report,
      );
      updates.current = form;
      return () => {
        form.stop();
        updates.current = null;
        form.mounted.destroy();
      };
    } catch (error) {
      report(error);
    }
  }, [checkout]);

  useEffect(() => {
    updates.current?.change(formPropsOf(latest.current));
  });

  return createElement('div', { 'data-secure-checkout': '', ref: host, className, id });
}
