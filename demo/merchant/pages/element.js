// A merchant page with `<secure-checkout>` (docs/form.md, "Custom element"): the element's
// options are attributes, and this one script answers its events through the merchant server.
// Query: ?paymentMethods=card,pix&customerFields=name,email&installments=6&threeDS=managed&locale=pt-BR
import {
  $,
  chargeOrThrow,
  clockTime,
  createCharge,
  formatMoney,
  loadCatalogue,
  loadConfig,
  priceCart,
  requestJson,
} from './demo-helpers.js';
import { pixQaBox } from './pix-qa.js';

/** @import { Charge } from '../../../src/server/api-types' */
/**
 * @import { ChargeEventDetail, PixStatusEventDetail, ResumeEventDetail } from '../../../src/ui/checkout-element'
 */
/** @import { CheckoutError } from '../../../src/index' */
/** @import { CartLine, PricedLine } from './demo-helpers.js' */

const params = new URLSearchParams(location.search);

const [config, catalogue] = await Promise.all([loadConfig(), loadCatalogue()]);
// The page names what is bought; the merchant server prices it, and the element shows that total.
/** @type {CartLine[]} */
const cart = [{ sku: 'mug-350ml', quantity: 1 }];
const { total: amount, currency, lines } = priceCart(catalogue, cart);
const price = formatMoney(amount, currency, params.get('locale') ?? navigator.language);
$('line-name').textContent = /** @type {PricedLine} the cart's one line */ (lines[0]).name;
$('line-amount').textContent = price;
$('total').textContent = price;

/**
 * Every event the element fires, listed as it comes (what a merchant's script would hear).
 * @param {string} type
 */
function record(type, detail = '') {
  const item = document.createElement('li');
  item.textContent = `${clockTime(Date.now())} ${type}${detail ? ` — ${detail}` : ''}`;
  $('fired').append(item);
}

/**
 * Shows the charge the merchant server answered with, and hands it back to the element.
 * @param {Charge} charge
 */
function showCharge(charge) {
  $('charge').hidden = false;
  $('charge-status').textContent = charge.status;
  $('charge-id').textContent = charge.id;
  pixQa.show(charge);
  return charge;
}
const pixQa = pixQaBox(showCharge);

const element = document.createElement('secure-checkout');
// In a merchant's own HTML these are written in the tag; here the sandbox's address may move.
const attributes = {
  'publishable-key': config.publishableKey,
  'base-url': config.apiUrl,
  amount: String(amount),
  currency,
  'payment-methods': params.get('paymentMethods')?.split(',').join(' ') ?? 'card pix',
  'customer-fields': params.get('customerFields')?.split(',').join(' '),
  installments: params.get('installments'),
  'three-ds': params.get('threeDS'),
  locale: params.get('locale'),
};
for (const [name, value] of Object.entries(attributes)) {
  if (value) element.setAttribute(name, value);
}
$('markup').textContent = element.outerHTML.replace('></', '>\n</').replace(/" /g, '"\n  ');

// Each event's detail is the element's (src/ui/checkout-element.ts).
element.addEventListener('charge', (event) => {
  const { paymentMethod, customer, respondWith } = /** @type {CustomEvent<ChargeEventDetail>} */ (
    event
  ).detail;
  record('charge', paymentMethod.type);
  respondWith(createCharge({ cart, paymentMethod, customer }).then(chargeOrThrow).then(showCharge));
});
// Managed 3DS: after the bank's steps, the merchant server resumes the charge.
element.addEventListener('resume', (event) => {
  const { charge, respondWith } = /** @type {CustomEvent<ResumeEventDetail>} */ (event).detail;
  const { id } = /** @type {Charge} the one showCharge answered the charge event with */ (charge);
  record('resume', id);
  respondWith(
    requestJson(`/merchant/charges/${encodeURIComponent(id)}/resume-3ds`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
      .then(chargeOrThrow)
      .then(showCharge),
  );
});
// PIX: while the code shows, the merchant server reads the charge.
element.addEventListener('pix-status', (event) => {
  const { charge, respondWith } = /** @type {CustomEvent<PixStatusEventDetail>} */ (event).detail;
  const { id } = /** @type {Charge} the one showCharge answered with */ (charge);
  record('pix-status', id);
  respondWith(
    requestJson(`/merchant/charges/${encodeURIComponent(id)}`)
      .then(chargeOrThrow)
      .then(showCharge),
  );
});
element.addEventListener('checkout-error', (event) => {
  const error = /** @type {CustomEvent<CheckoutError>} */ (event).detail;
  record('checkout-error', `${error.code}: ${error.message}`);
});
element.addEventListener('checkout-cancel', () => record('checkout-cancel'));
$('checkout').append(element);
