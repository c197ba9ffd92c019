import {
  type Checkout,
  CheckoutError,
  type CheckoutOptions,
  createCheckout,
  type MountOptions,
} from 'secure-checkout';
import { FormUpdates, mayEndPayment } from '../framework/form-updates';
import type { FormMountOptions } from './form-props';

/** What a session reports and reads back from its component. */
export interface SessionHooks {
  onError(error: CheckoutError): void;
  onCancel(): void;
  /** The component's `onEvent` prop as it is now (telemetry goes to the latest one). */
  onEvent(): CheckoutOptions['onEvent'];
}

/** One checkout and its form in one element, from mount to destroy. */
export interface FormSession {
  /** The component's latest mount props: applied as one update(), or kept while a payment runs. */
  change(next: FormMountOptions): void;
  /** Destroys the form and the checkout (any flow ends `aborted`, every frame and modal goes). */
  close(): void;
}

/**
 * Makes the checkout and mounts its form into `target`: browser only (the component calls it from
 * onMounted). A failure to start (a bad key, a bad option) goes to `onError`, as the core's
 * lazily checked options do (src/lazy-mount.ts). The form is then kept in step with the props
 * as src/framework/form-updates.ts does for every framework entry.
 */
export function openSession(
  target: HTMLElement,
  checkoutOptions: Omit<CheckoutOptions, 'onEvent'>,
  mountOptions: FormMountOptions,
  hooks: SessionHooks,
): FormSession {
  let closed = false;
  const report = (error: unknown) =>
    hooks.onError(
      error instanceof CheckoutError
        ? error
        : new CheckoutError(
            'configuration',
            `The checkout form could not start: ${String(error)}`,
            {
              cause: error,
            },
          ),
    );
  /** The form's props: the mount props, and the component's `error` and `cancel` emits. */
  const formProps = (options: FormMountOptions) => ({
    ...options,
    onError: hooks.onError,
    onCancel: hooks.onCancel,
  });

  let checkout: Checkout | undefined;
  let form: FormUpdates | undefined;
  try {
    checkout = createCheckout({
      ...checkoutOptions,
      // Always the component's latest: telemetry is no reason to update anything.
      onEvent: (event) => {
        if (mayEndPayment(event)) form?.paymentMayHaveEnded();
        hooks.onEvent()?.(event);
      },
    });
    const made = checkout;
    form = new FormUpdates(
      (options) => made.mount(target, options as unknown as MountOptions),
      formProps(mountOptions),
      report,
    );
  } catch (error) {
    checkout?.destroy();
    checkout = undefined;
    report(error);
  }

  return {
    change(next) {
      form?.change(formProps(next));
    },
    close() {
      if (closed) return;
      closed = true;
      form?.stop();
      form?.mounted.destroy();
      checkout?.destroy();
    },
  };
}
