import { createElement, type ReactElement, useEffect, useRef, useState } from 'react';
import {
  type CheckoutEvent,
  type CheckoutOptions,
  isCheckoutError,
  type MountOptions,
} from 'secure-checkout';
import { FormUpdates } from './form-updates';
import { useCheckoutOf } from './use-secure-checkout';

export interface SecureCheckoutFormProps extends CheckoutOptions, MountOptions {
  /** On the element the form is mounted into. */
  className?: string;
  /** On the element the form is mounted into. */
  id?: string;
}

/** createCheckout's options that are not mount()'s: they never reach update(). */
const CHECKOUT_ONLY: Record<Exclude<keyof CheckoutOptions, keyof MountOptions>, true> = {
  publishableKey: true,
  baseUrl: true,
  fingerprintTimeoutMs: true,
  challengeWindowSize: true,
  onEvent: true,
  ipAddress: true,
  requestTimeoutMs: true,
};
/** Always given to the form, so this side hears a payment end even when the merchant does not. */
const ENDINGS = ['onError', 'onCancel'];

type Options = Omit<SecureCheckoutFormProps, 'className' | 'id'>;
type Callback = (...args: unknown[]) => unknown;

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
  const [forwarders] = useState(() => new Map<string, Callback>());

  const report = (error: unknown) => {
    const onError = latest.current.onError;
    if (onError && isCheckoutError(error)) onError(error);
    else console.error(error);
  };

  /** The merchant's callback of `key`, called as the latest props have it. */
  const forwarder = (key: string): Callback => {
    let forward = forwarders.get(key);
    if (!forward) {
      forward = (...args) => {
        const ended = () => updates.current?.paymentMayHaveEnded();
        const callback = (latest.current as unknown as Record<string, Callback | undefined>)[key];
        let result: unknown;
        try {
          result = callback?.(...args);
        } finally {
          // onError and onCancel end a payment; the others advance it once their promise settles.
          if (ENDINGS.includes(key)) ended();
          else Promise.resolve(result).then(ended, ended);
        }
        return result;
      };
      forwarders.set(key, forward);
    }
    return forward;
  };

  /** The form's options from props: no createCheckout-only option, callbacks as forwarders. */
  const mountOptionsOf = (from: Options): Record<string, unknown> => {
    const mount: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(from)) {
      if (Object.hasOwn(CHECKOUT_ONLY, key) || value === undefined) continue;
      mount[key] = typeof value === 'function' ? forwarder(key) : value;
    }
    for (const key of ENDINGS) mount[key] = forwarder(key);
    return mount;
  };

  const checkout = useCheckoutOf(
    {
      ...options,
      onEvent: (event: CheckoutEvent) => {
        // A failed or abandoned authentication ends the payment with no callback of the form's.
        if (event.type === 'result' || event.type === 'error') {
          updates.current?.paymentMayHaveEnded();
        }
        latest.current.onEvent?.(event);
      },
    },
    report,
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: mounted once per checkout; props after that are updates (the effect below)
  useEffect(() => {
    const target = host.current;
    if (!checkout || !target) return;
    const initial = mountOptionsOf(latest.current);
    let form: FormUpdates;
    try {
      const mounted = checkout.mount(target, initial as unknown as MountOptions);
      form = new FormUpdates(mounted, initial, report);
      updates.current = form;
      return () => {
        form.stop();
        updates.current = null;
        mounted.destroy();
      };
    } catch (error) {
      report(error);
    }
  }, [checkout]);

  useEffect(() => {
    updates.current?.change(mountOptionsOf(latest.current));
  });

  return createElement('div', { 'data-secure-checkout': '', ref: host, className, id });
}
