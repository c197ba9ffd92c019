import { isCurrencyCode } from '../api/card-rules';
import { CheckoutError, type InputIssue } from '../api/errors';
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

type Rule = (value: unknown) => boolean;

const optional =
  (rule: Rule): Rule =>
  (value) =>
    value === undefined || rule(value);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const isString: Rule = (value) => typeof value === 'string';
const isFunction: Rule = (value) => typeof value === 'function';
const callback = optional(isFunction);
const strings = optional((list) => Array.isArray(list) && list.every(isString));

const isCard: Rule = (card) =>
  isObject(card) &&
  ['id', 'maskedNumber', 'brand', 'expirationMonth', 'expirationYear'].every((key) =>
    isString(card[key]),
  ) &&
  ['pending_validation', 'active', 'inactive'].includes(card.status as string);

const isApplePay: Rule = (ap) =>
  isObject(ap) &&
  /^[A-Z]{2}$/.test(ap.countryCode as string) &&
  isString(ap.label) &&
  isFunction(ap.validateMerchant) &&
  strings(ap.supportedNetworks) &&
  strings(ap.merchantCapabilities);

/** Each option, its rule and what it must be; issues come in this order. */
const RULES: [keyof MountOptions, Rule, string][] = [
  [
    'amount',
    (amount) => Number.isFinite(amount) && (amount as number) >= 1,
    'a number of at least 1',
  ],
  [
    'currency',
    (currency) => isString(currency) && isCurrencyCode(currency as string),
    'a 3-letter ISO 4217 code, e.g. BRL',
  ],
  ['installments', optional(isInstallments), INSTALLMENTS_RULE],
  ['customer', optional(isCustomer), CUSTOMER_RULE],
  ['customerFields', optional(isCustomerFields), CUSTOMER_FIELDS_RULE],
  ['savedCards', optional(Array.isArray), 'an array of Card records'],
  ['threeDS', optional((mode) => mode === 'caller' || mode === 'managed'), "'caller' or 'managed'"],
  ['locale', optional(isString), 'a string'],
  [
    'applePay',
    optional(isApplePay),
    '{ countryCode: 2 letters, label, validateMerchant(), supportedNetworks?: string[], merchantCapabilities?: string[] }',
  ],
  ['onError', callback, 'a function'],
  ['onCancel', callback, 'a function'],
  ['onResume', callback, 'a function'],
];

/** Mount options checked as a whole; `invalid_input` lists every bad one, `configuration` a missing onCharge. */
export function checkMountOptions(options: MountOptions): MountOptions {
  if (!isObject(options) || !isFunction(options.onCharge)) {
    throw new CheckoutError('configuration', 'mount() needs options with an onCharge function');
  }
  const issues: InputIssue[] = [];
  const check = (valid: boolean, path: string, what: string) => {
    if (!valid) issues.push({ path, message: `${path} must be ${what}` });
  };
  for (const [name, rule, what] of RULES) {
    const value = options[name];
    check(rule(value), name, what);
    // Each saved card on its own, right after the list.
    if (name === 'savedCards' && Array.isArray(value)) {
      for (const [i, card] of value.entries()) check(isCard(card), `${name}.${i}`, 'a Card record');
    }
  }
  if (issues.length > 0) {
    throw new CheckoutError(
      'invalid_input',
      `Invalid mount options: ${issues.map((issue) => issue.path).join(', ')}`,
      { issues },
    );
  }
  checkCustomerReachable(options);
  return options;
}
