import { useEffect, useRef, useState } from 'react';
import { type Checkout, type CheckoutOptions, createCheckout } from 'secure-checkout';
import { CHECKOUT_KEYS } from '../framework/checkout-keys';

/**
 * The checkout of `options`, made in an effect (so never on the server, nor during a render):
 * `null` during server rendering and until the effect ran. Made once per `publishableKey`,
 * `baseUrl`, timeouts, `challengeWindowSize` and `ipAddress`, and destroyed on unmount (or when
 * one changes, before the next is made). `locale` and `challengeContainer` are read when it is
 * made (the form takes its own through update()); `onEvent` is always the latest one passed.
 * `report` receives createCheckout's refusal (`configuration`); without it, the refusal is thrown
 * from the component's render, for an error boundary.
 */
export function useCheckoutOf(
  options: CheckoutOptions,
  report?: (error: unknown) => void,
): Checkout | null {
  const [checkout, setCheckout] = useState<Checkout | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const latest = useRef({ options, report });
  useEffect(() => {
    latest.current = { options, report };
  });
  // What a checkout is made with (src/framework/checkout-keys.ts): a change makes a new one. All
  // are strings or numbers, so their JSON compares them.
  const madeWith = JSON.stringify(CHECKOUT_KEYS.map((key) => options[key]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: made again when one of its own options changes (madeWith); the others are read from `latest`
  useEffect(() => {
    let made: Checkout;
    try {
      made = createCheckout({
        ...latest.current.options, // this render's: the effect above ran first
        onEvent: (event) => latest.current.options.onEvent?.(event),
      });
    } catch (error) {
      const { report: reportTo } = latest.current;
      if (reportTo) reportTo(error);
      else setFailure({ error });
      return;
    }
    setCheckout(made);
    setFailure(null);
    return () => {
      made.destroy();
      setCheckout(null);
    };
  }, [madeWith]);
  if (failure) throw failure.error;
  return checkout;
}

/**
 * The headless checkout (`authenticate()`, `mount()`), made once per `publishableKey`, `baseUrl`,
 * timeouts, `challengeWindowSize` and `ipAddress` (a change makes a new one): `null` during server
 * rendering and before the first effect, then the same object until unmount (which destroys it:
 * a running flow ends `aborted`, its frames and dialogs go). `locale` and `challengeContainer`
 * are read when it is made.
 * `onEvent` is always the latest one passed. Options that createCheckout refuses are thrown from
 * the render that follows, for an error boundary.
 */
export function useSecureCheckout(options: CheckoutOptions): Checkout | null {
  return useCheckoutOf(options);
}
