import { isCurrencyCode } from '../api/card-rules';
import { CheckoutError } from '../api/errors';
import { array, checkInput, isObject, object, optional, rule, string } from '../checks';
import type { MountOptions } from '../types';
import {
  CUSTOMER_FIELDS_RULE,
  CUSTOMER_RULE,
  checkCustomerReachable,
  INSTALLMENTS_RULE,
  isCustomer,
  isCustomerFields,
  isInstallments,
} from './form-option-rules';

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
  installments: optional(rule(isInstallments, `must be ${INSTALLMENTS_RULE}`)),
  customer: optional(rule(isCustomer, `must be ${CUSTOMER_RULE}`)),
  customerFields: optional(rule(isCustomerFields, `must be ${CUSTOMER_FIELDS_RULE}`)),
  savedCards: optional(
    array(rule(isCard, 'must be a Card record'), 'must be an array of Card records'),
  ),
  threeDS: optional(
    rule((mode) => mode === 'caller' || mode === 'managed', "must be 'caller' or 'managed'"),
  ),
  locale: optional(string),
  applePay: optional(
    rule(
      isApplePay,
      'must be { countryCode: 2 letters, label, validateMerchant(), supportedNetworks?: string[], merchantCapabilities?: string[] }',
    ),
  ),
  onError: callback,
  onCancel: callback,
  onResume: callback,
});

/**
 * Mount options checked as a whole: `configuration` without an onCharge function, else
 * `invalid_input` naming every bad option. The options themselves come back, as given.
 */
export function checkMountOptions(options: MountOptions): MountOptions {
  if (!isObject(options) || !isFunction(options.onCharge)) {
    throw new CheckoutError('configuration', 'mount() needs options with an onCharge function');
  }
  checkInput(mountOptions, options, 'invalid_input', 'mount options');
  checkCustomerReachable(options);
  return options;
}
