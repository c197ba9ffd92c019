import type { CheckoutOptions, MountOptions } from 'secure-checkout';

/**
 * The options that make the checkout and only it (no `update()` exists for them): in the React and
 * Vue components a change to one makes a new checkout and a new form, as a new `key` would.
 * `onEvent` is the checkout's too, but the components always call the latest one instead.
 */
export const CHECKOUT_KEYS = [
  'publishableKey',
  'baseUrl',
  'fingerprintTimeoutMs',
  'requestTimeoutMs',
  'challengeWindowSize',
  'ipAddress',
] as const satisfies readonly Exclude<keyof CheckoutOptions, keyof MountOptions>[];

// An option added to createCheckout() alone fails the typecheck here until it is listed.
const everyCheckoutKey: Exclude<
  keyof CheckoutOptions,
  keyof MountOptions | 'onEvent'
> extends (typeof CHECKOUT_KEYS)[number]
  ? true
  : never = true;
void everyCheckoutKey;
