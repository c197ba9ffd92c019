import { isCurrencyCode } from '../api/card-rules';
import { CheckoutError, type InputIssue } from '../api/errors';
import type { Card, MountOptions } from '../types';

const CARD_STATUSES = ['pending_validation', 'active', 'inactive'];
const CALLBACKS = ['onError', 'onCancel', 'onResume'] as const;

const isCard = (card: unknown): card is Card => {
  const c = card as Record<string, unknown> | null;
  return (
    typeof c === 'object' &&
    c !== null &&
    ['id', 'maskedNumber', 'brand', 'expirationMonth', 'expirationYear'].every(
      (key) => typeof c[key] === 'string',
    ) &&
    CARD_STATUSES.includes(c.status as string)
  );
};

/** Mount options checked as a whole; `invalid_input` lists every bad one, `configuration` a missing onCharge. */
export function checkMountOptions(options: MountOptions): MountOptions {
  if (typeof options !== 'object' || options === null) {
    throw new CheckoutError('configuration', 'mount() needs an options object');
  }
  if (typeof options.onCharge !== 'function') {
    throw new CheckoutError(
      'configuration',
      'onCharge must be a function that sends the payment to your server',
    );
  }
  const issues: InputIssue[] = [];
  const check = (broken: boolean, path: string, message: string) => {
    if (broken) issues.push({ path, message });
  };
  const { amount, currency, installments, savedCards, threeDS } = options;
  check(
    typeof amount !== 'number' || !Number.isFinite(amount) || amount < 1,
    'amount',
    'Amount must be a number of at least 1',
  );
  check(
    typeof currency !== 'string' || !isCurrencyCode(currency),
    'currency',
    'Currency must be a 3-letter ISO 4217 code, e.g. BRL',
  );
  check(
    installments !== undefined &&
      !(Number.isInteger(installments) && installments >= 1 && installments <= 12),
    'installments',
    'installments must be a whole number from 1 to 12',
  );
  check(
    savedCards !== undefined && !Array.isArray(savedCards),
    'savedCards',
    'savedCards must be an array of Card records',
  );
  if (Array.isArray(savedCards)) {
    for (const [i, card] of savedCards.entries()) {
      check(!isCard(card), `savedCards.${i}`, 'Not a Card record of the spec');
    }
  }
  check(
    threeDS !== undefined && threeDS !== 'caller' && threeDS !== 'managed',
    'threeDS',
    "threeDS must be 'caller' or 'managed'",
  );
  check(
    options.locale !== undefined && typeof options.locale !== 'string',
    'locale',
    'locale must be a string',
  );
  const ap = options.applePay as Record<string, unknown> | undefined;
  const strings = (list: unknown) =>
    list === undefined || (Array.isArray(list) && list.every((item) => typeof item === 'string'));
  check(
    ap !== undefined &&
      !(
        ap &&
        /^[A-Z]{2}$/.test(ap.countryCode as string) &&
        typeof ap.label === 'string' &&
        typeof ap.validateMerchant === 'function' &&
        strings(ap.supportedNetworks) &&
        strings(ap.merchantCapabilities)
      ),
    'applePay',
    'applePay needs countryCode (2 letters, e.g. BR), label, validateMerchant(); networks and capabilities are string arrays',
  );
  for (const name of CALLBACKS) {
    check(
      options[name] !== undefined && typeof options[name] !== 'function',
      name,
      `${name} must be a function`,
    );
  }
  if (issues.length > 0) {
    throw new CheckoutError(
      'invalid_input',
      `Invalid mount options: ${issues.map((i) => i.path).join(', ')}`,
      { issues },
    );
  }
  return options;
}
