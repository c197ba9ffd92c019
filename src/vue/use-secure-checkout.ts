import { type Checkout, type CheckoutOptions, createCheckout } from 'secure-checkout';
import {
  type MaybeRefOrGetter,
  onBeforeUnmount,
  onMounted,
  type ShallowRef,
  shallowRef,
  toValue,
} from 'vue';

/**
 * The headless checkout (`authenticate()` with the merchant's own form) for a component's
 * lifetime: made once when the component is mounted in the browser, with the options as they are
 * then, and destroyed when it unmounts. `null` before that, and always during server rendering.
 * A bad option throws CheckoutError `configuration` from the mount (Vue's error handling gets it).
 */
export function useSecureCheckout(
  options: MaybeRefOrGetter<CheckoutOptions>,
): Readonly<ShallowRef<Checkout | null>> {
  const checkout = shallowRef<Checkout | null>(null);
  onMounted(() => {
    checkout.value = createCheckout(toValue(options));
  });
  onBeforeUnmount(() => {
    checkout.value?.destroy();
    checkout.value = null;
  });
  return checkout;
}
