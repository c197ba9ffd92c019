import {
  type Checkout,
  CheckoutError,
  type CheckoutOptions,
  createCheckout,
  type MountedCheckout,
  type MountOptions,
} from 'secure-checkout';
import { type FormMountOptions, sameValue } from './form-props';

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

type Callback = (...args: never[]) => unknown;
const CALLBACKS = ['onCharge', 'onResume', 'onPixStatus'] as const;

/**
 * Makes the checkout and mounts its form into `target`: browser only (the component calls it from
 * onMounted). A failure to start (a bad key, a bad option) goes to `onError`, as the core's
 * lazily checked options do (src/lazy-mount.ts).
 */
export function openSession(
  target: HTMLElement,
  checkoutOptions: Omit<CheckoutOptions, 'onEvent'>,
  mountOptions: FormMountOptions,
  hooks: SessionHooks,
): FormSession {
  /** What the mounted form has; the props it should have. They differ while a payment runs. */
  let applied: Partial<FormMountOptions> = mountOptions;
  let latest: Partial<FormMountOptions> = mountOptions;
  let closed = false;
  /** The last error reported for the latest props: a retry does not report it again. */
  let reported: { props: object; code: string } | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

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

  /**
   * After a callback's promise settled, or onError / onCancel: the form is idle once the core has
   * acted on it (a macrotask later, after its own continuation), so the kept props are tried then.
   * Still busy (a PIX code showing, a managed 3DS step): the next settle or change tries again.
   */
  const settled = () => {
    clearTimeout(retry);
    retry = setTimeout(apply, 0);
  };
  const watched = <F extends Callback>(callback: F): F =>
    ((...args: Parameters<F>) => {
      const result = callback(...args);
      Promise.resolve(result).then(settled, settled);
      return result;
    }) as F;

  /** The options for the core: the callbacks watched, the changed ones only. */
  const forCore = (options: Partial<FormMountOptions>): Partial<MountOptions> => {
    const out: Record<string, unknown> = { ...options };
    for (const key of CALLBACKS) {
      const callback = options[key] as Callback | undefined;
      if (callback !== undefined) out[key] = watched(callback);
    }
    return out as Partial<MountOptions>;
  };

  let checkout: Checkout | undefined;
  let mounted: MountedCheckout | undefined;
  try {
    checkout = createCheckout({
      ...checkoutOptions,
      // Always the component's latest: telemetry is no reason to update anything.
      onEvent: (event) => hooks.onEvent()?.(event),
    });
    mounted = checkout.mount(target, {
      ...(forCore(mountOptions) as MountOptions),
      onError(error) {
        hooks.onError(error);
        settled();
      },
      onCancel() {
        hooks.onCancel();
        settled();
      },
    });
  } catch (error) {
    checkout?.destroy();
    checkout = undefined;
    report(error);
  }

  /**
   * The latest props as one update() of what changed since the form last took them. `busy` (an
   * amount or a currency while a payment runs) changes nothing: then every other change is
   * applied at once, and the price is kept for later. Each refusal is reported once for the
   * props it refused, not again at each retry.
   */
  function apply() {
    if (closed || !mounted) return;
    const changes = changesTo(latest);
    if (!changes) return;
    try {
      mounted.update(forCore(changes));
      applied = latest;
    } catch (error) {
      const busy = error instanceof CheckoutError && error.code === 'busy';
      const code = error instanceof CheckoutError ? error.code : 'configuration';
      if (reported?.props !== latest || reported.code !== code) {
        reported = { props: latest, code };
        report(error);
      }
      if (busy) applyAllButPrice();
    }
  }

  /** What differs between the form's options and `wanted`; null when nothing does. */
  function changesTo(wanted: Partial<FormMountOptions>): Partial<FormMountOptions> | null {
    const changes: Partial<FormMountOptions> = {};
    const keys = new Set([...Object.keys(applied), ...Object.keys(wanted)]);
    for (const key of keys as Set<keyof FormMountOptions>) {
      if (!sameValue(applied[key], wanted[key])) Object.assign(changes, { [key]: wanted[key] });
    }
    return Object.keys(changes).length ? changes : null;
  }

  /** The latest props but the price the form has: what it takes while a payment runs. */
  function applyAllButPrice() {
    const { amount, currency } = applied;
    const wanted = { ...latest, amount, currency };
    const changes = changesTo(wanted);
    if (!changes || !mounted) return;
    try {
      mounted.update(forCore(changes));
      applied = wanted;
    } catch (error) {
      report(error);
    }
  }

  return {
    change(next) {
      latest = next;
      apply();
    },
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(retry);
      mounted?.destroy();
      checkout?.destroy();
    },
  };
}
