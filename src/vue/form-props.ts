import type { CheckoutOptions, MountOptions } from 'secure-checkout';
import type { PropType } from 'vue';
import type { CHECKOUT_KEYS } from '../framework/checkout-keys';

/** The mount options the component passes on; onError and onCancel are its `error`/`cancel`. */
export type FormMountOptions = Omit<MountOptions, 'onError' | 'onCancel'>;

/** The checkout's own options: set when it is made (a change makes a new checkout). */
export type FormCheckoutOptions = Omit<CheckoutOptions, 'locale'>;

/** `<SecureCheckoutForm>`'s props: createCheckout()'s options and mount()'s, camelCase. */
export type SecureCheckoutFormProps = FormCheckoutOptions & FormMountOptions;

/** The form's options: a change is one `update()` of the mounted form. */
export const MOUNT_KEYS = [
  'amount',
  'currency',
  'installments',
  'customer',
  'customerFields',
  'savedCards',
  'paymentMethods',
  'threeDS',
  'applePay',
  'onCharge',
  'onResume',
  'onPixStatus',
  'locale',
  'challengeContainer',
] as const satisfies readonly (keyof FormMountOptions)[];

// An option added to the core's types fails the typecheck here until the component passes it on
// (onEvent is the checkout's, always the latest: src/vue/form-session.ts).
type Listed = (typeof CHECKOUT_KEYS)[number] | (typeof MOUNT_KEYS)[number] | 'onEvent';
const everyOptionListed: keyof SecureCheckoutFormProps extends Listed ? true : never = true;
void everyOptionListed;

const optional = <T>(type: PropType<T>) => ({ type, required: false as const });
const required = <T>(type: PropType<T>) => ({ type, required: true as const });
type Option<K extends keyof SecureCheckoutFormProps> = NonNullable<SecureCheckoutFormProps[K]>;

/**
 * The runtime declarations, so that Vue passes each option as a prop (not an attribute of the
 * element). No defaults: an absent prop is an absent option, and the core applies its own.
 */
export const FORM_PROPS = {
  publishableKey: required(String as PropType<Option<'publishableKey'>>),
  baseUrl: required(String as PropType<Option<'baseUrl'>>),
  fingerprintTimeoutMs: optional(Number as PropType<Option<'fingerprintTimeoutMs'>>),
  requestTimeoutMs: optional(Number as PropType<Option<'requestTimeoutMs'>>),
  challengeWindowSize: optional(String as PropType<Option<'challengeWindowSize'>>),
  ipAddress: optional(String as PropType<Option<'ipAddress'>>),
  onEvent: optional(Function as PropType<Option<'onEvent'>>),
  amount: required(Number as PropType<Option<'amount'>>),
  currency: required(String as PropType<Option<'currency'>>),
  installments: optional([Number, Object] as PropType<Option<'installments'>>),
  customer: optional(Object as PropType<Option<'customer'>>),
  customerFields: optional(Array as PropType<Option<'customerFields'>>),
  savedCards: optional(Array as PropType<Option<'savedCards'>>),
  paymentMethods: optional(Array as PropType<Option<'paymentMethods'>>),
  threeDS: optional(String as PropType<Option<'threeDS'>>),
  applePay: optional(Object as PropType<Option<'applePay'>>),
  onCharge: required(Function as PropType<Option<'onCharge'>>),
  onResume: optional(Function as PropType<Option<'onResume'>>),
  onPixStatus: optional(Function as PropType<Option<'onPixStatus'>>),
  locale: optional(String as PropType<Option<'locale'>>),
  challengeContainer: optional([String, Object] as PropType<Option<'challengeContainer'>>),
} as const;

// Every option declared, and nothing else.
const everyPropDeclared: [keyof typeof FORM_PROPS] extends [keyof SecureCheckoutFormProps]
  ? [keyof SecureCheckoutFormProps] extends [keyof typeof FORM_PROPS]
    ? true
    : never
  : never = true;
void everyPropDeclared;

/** The given (not undefined) values of `keys` in `props`. */
export function pick<T extends object, K extends keyof T>(
  props: T,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (props[key] !== undefined) picked[key] = props[key];
  return picked;
}
