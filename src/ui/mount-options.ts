import { isCurrencyCode } from '../api/card-rules';
import { containerRule } from '../challenge-container';
import { array, checkInput, isObject, object, optional, rule, string } from '../checks';
import { MAX_INSTALLMENTS } from '../constants';
import { CheckoutError } from '../errors';
import type { MountOptions } from '../types';

type Test = (value: unknown) => boolean;

const isString: Test = (value) => typeof value === 'string';
const isFunction: Test = (value) => typeof value === 'function';
const callback = optional(rule(isFunction, 'must be a function'));
const strings = (list: unknown) =>
  list === undefined || (Array.isArray(list) && list.every(isString));
const isCard: Test = (card) =>
  isObject(card) &&
  ['id', 'maskedNumber', 'brand', 'expirationMonth', 'expirationYear'].every((key) =>
    isString(card[key]),
  ) &&
  ['pending_validation', 'active', 'inactive'].includes(card.status as string);

const isApplePay: Test = (ap) =>
  isObject(ap) &&
  /^[A-Z]{2}$/.test(ap.countryCode as string) &&
  isString(ap.label) &&
  isFunction(ap.validateMerchant) &&
  strings(ap.supportedNetworks) &&
  strings(ap.merchantCapabilities);

const within = (min: number, max: number, what: string, whole = false) =>
  rule<number>(
    (n) => typeof n === 'number' && n >= min && n <= max && (!whole || Number.isInteger(n)),
    `must be ${what}`,
  );
const count = within(1, MAX_INSTALLMENTS, `a whole number from 1 to ${MAX_INSTALLMENTS}`, true);
const plan = object(
  {
    max: count,
    interestFree: optional(count),
    // A fraction: 1.99 %/month is 0.0199.
    monthlyRate: optional(within(0, 0.99, 'a fraction from 0 to 0.99')),
    minAmount: optional(within(0, Number.MAX_VALUE, '0 or more')),
  },
  `must be a count or { max, interestFree?, monthlyRate?, minAmount? }`,
);
/** An array of `allowed` names, each at most once, that `also` accepts (`more` says how). */
const listOf = (allowed: readonly string[], also = (_list: string[]) => true, more = '') =>
  rule(
    (list) =>
      Array.isArray(list) &&
      new Set(list).size === list.length &&
      list.every((name) => allowed.includes(name)) &&
      also(list),
    `must list ${allowed.join(', ')}, each at most once${more}`,
  );

type MethodName = NonNullable<MountOptions['paymentMethods']>[number];
const PAYMENT_METHODS = ['card', 'pix', 'apple_pay'] as const satisfies readonly MethodName[];
// A name added to the public type fails the typecheck here until the check knows it.
const everyMethodListed: MethodName extends (typeof PAYMENT_METHODS)[number] ? true : never = true;
void everyMethodListed;

const text = optional(string);
/** The spec's Customer input. */
const customer = object({
  id: text,
  name: text,
  email: text,
  phone: text,
  document: optional(object({ type: string, id: string })),
  address: optional(object({ country: string })),
  ipAddress: text,
});
const CUSTOMER_FIELDS = ['name', 'email', 'phone', 'document'];

/** Each option and what it must be; issues come in this order, each saved card on its own. */
const mountOptions = object({
  amount: rule(
    (amount) => Number.isFinite(amount) && (amount as number) >= 1,
    'must be a number of at least 1',
  ),
  currency: rule(
    (currency) => isString(currency) && isCurrencyCode(currency as string),
    'must be a 3-letter ISO 4217 code, e.g. BRL',
  ),
  installments: optional((value, path, issues) =>
    (typeof value === 'number' ? count : plan)(value, path, issues),
  ),
  customer: optional(customer),
  customerFields: optional(listOf(CUSTOMER_FIELDS)),
  savedCards: optional(
    array(rule(isCard, 'must be a Card record'), 'must be an array of Card records'),
  ),
  threeDS: optional(
    rule((mode) => mode === 'caller' || mode === 'managed', "must be 'caller' or 'managed'"),
  ),
  locale: text,
  applePay: optional(
    rule(
      isApplePay,
      'must be { countryCode: 2 letters, label, validateMerchant(), supportedNetworks?: string[], merchantCapabilities?: string[] }',
    ),
  ),
  // Apple Pay shows only where it can run: card or PIX must be there for everyone else.
  paymentMethods: optional(
    listOf(
      PAYMENT_METHODS,
      (list) => list.some((name) => name !== 'apple_pay'),
      ', card or pix among them',
    ),
  ),
  onError: callback,
  onCancel: callback,
  onResume: callback,
  onPixStatus: callback,
});

/** Where the challenge renders is the page's setup, as createCheckout's is: `configuration`. */
const setup = object({ challengeContainer: containerRule });

/**
 * Mount options checked as a whole: `configuration` without an onCharge function or with a
 * `challengeContainer` neither a selector nor an element, else
 * `invalid_input` naming every bad option. The options themselves come back, as given.
 * A customer or customer fields must make the spec's rule reachable (without `id`, an e-mail
 * or a phone, given or asked for): otherwise every charge would fail, so `configuration`.
 */
export function checkMountOptions(options: MountOptions): MountOptions {
  if (!isObject(options) || !isFunction(options.onCharge)) {
    throw new CheckoutError('configuration', 'mount() needs options with an onCharge function');
  }
  checkInput(setup, options, 'configuration', 'mount options');
  checkInput(mountOptions, options, 'invalid_input', 'mount options');
  const { customer: c, customerFields: fields = [] } = options;
  if (
    (c || fields.length) &&
    !(c?.id || c?.email || c?.phone || fields.includes('email') || fields.includes('phone'))
  ) {
    throw new CheckoutError(
      'configuration',
      'customer needs an id, email or phone, or customerFields email or phone',
    );
  }
  return options;
}

/** The ways to pay the form offers; 'apple_pay' shows only with `applePay`, where it can run. */
export const paymentMethodsOf = (o: MountOptions): readonly MethodName[] =>
  o.paymentMethods ?? ['card', 'apple_pay'];
