import { useEffect, useRef, useState } from 'react';
import { type Checkout, type CheckoutOptions, createCheckout } from 'secure-checkout';

/**
 * The checkout of `options`, made in an effect (so never on the server, nor during a render):
 * `null` during server rendering and until the effect ran. Made once per `publishableKey` and
 * `baseUrl`, and destroyed on unmount (or when they change, before the next is made). Its other
 * options are read when it is made; `onEvent` is always the latest one passed.
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
  const { publishableKey, baseUrl } = options;
  useEffect(() => {
    let made: Checkout;
    try {
      made = createCheckout({
        ...latest.current.options,
        publishableKey,
        baseUrl,
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
  }, [publishableKey, baseUrl]);
  if (failure) throw failure.error;
  return checkout;
}

/**
 * The headless checkout (`authenticate()`, `mount()`), made once per `publishableKey` and
 * `baseUrl`: `null` during server rendering and before the first effect, then the same object
 * until unmount (which destroys it: a running flow ends `aborted`, its frames and dialogs go).
 * Other options are read when it is made: to change them, give the component a new `key`.
 * `onEvent` is always the latest one passed. Options that createCheckout refuses are thrown from
 * the render that follows, for an error boundary.
 */
export function useSecureCheckout(options: CheckoutOptions): Checkout | null {
  return useCheckoutOf(options);
}
