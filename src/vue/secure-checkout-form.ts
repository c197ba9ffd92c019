import type { CheckoutError } from 'secure-checkout';
import { defineComponent, h, onBeforeUnmount, onMounted, shallowRef, watch } from 'vue';
import { CHECKOUT_KEYS } from '../framework/checkout-keys';
import { sameValue } from '../framework/same-value';
import { FORM_PROPS, MOUNT_KEYS, pick } from './form-props';
import { type FormSession, openSession } from './form-session';

/**
 * The card form as a Vue 3 component: `<SecureCheckoutForm :publishable-key :base-url :amount
 * :currency :on-charge … @error @cancel />`. It renders `<div data-secure-checkout="">`, on the
 * server too, and makes the checkout and mounts the form into it once mounted in the browser, so
 * server rendering touches no `window` and hydration mounts once. A changed mount prop is one
 * `update()` (an amount refused while a payment runs is emitted as `error` `busy` and applied
 * when the payment ended); a changed checkout option (CHECKOUT_KEYS) makes a new checkout.
 * Unmounting destroys both.
 */
export const SecureCheckoutForm = defineComponent({
  name: 'SecureCheckoutForm',
  props: FORM_PROPS,
  emits: {
    /** Every CheckoutError the form reports (onError), `busy` for a refused amount included. */
    error: (_error: CheckoutError) => true,
    /** The shopper closed the bank's challenge (onCancel). */
    cancel: () => true,
  },
  setup(props, { emit }) {
    const element = shallowRef<HTMLElement | null>(null);
    let session: FormSession | undefined;

    // The required props named again: pick() leaves every option optional.
    const mountOptions = () => ({
      ...pick(props, MOUNT_KEYS),
      amount: props.amount,
      currency: props.currency,
      onCharge: props.onCharge,
    });
    const checkoutOptions = () => ({
      ...pick(props, CHECKOUT_KEYS),
      publishableKey: props.publishableKey,
      baseUrl: props.baseUrl,
      locale: props.locale,
    });
    const open = () => {
      if (!element.value) return;
      session = openSession(element.value, checkoutOptions(), mountOptions(), {
        onError: (error) => emit('error', error),
        onCancel: () => emit('cancel'),
        onEvent: () => props.onEvent,
      });
    };

    // Browser only: neither setup nor the render function runs any of it on the server.
    onMounted(open);
    watch(mountOptions, (next) => session?.change(next));
    watch(checkoutOptions, (next, previous) => {
      if (!session || CHECKOUT_KEYS.every((key) => sameValue(next[key], previous[key]))) return;
      session.close();
      open();
    });
    onBeforeUnmount(() => {
      session?.close();
      session = undefined;
    });

    return () => h('div', { ref: element, 'data-secure-checkout': '' });
  },
});
