// A merchant page with the drop-in form. Query: ?locale=pt-BR&saved=1&threeDS=managed&installments=6
// (&simulateApplePay=1: a simulated Apple Pay, see simulated-apple-pay.js)
// (&customerFields=name,email,document: the form asks for the customer, a guest checkout)
// (&paymentMethods=card,pix: the ways to pay offered; default card, PIX and Apple Pay)
// (&pixExpiresInSeconds=60: how long a PIX code lasts; the API's default is an hour)
// (&challenge=inline: the bank's page inside #bank-check, under the form, instead of a modal;
// &challengeWindowSize=01…05: its EMV size, else chosen from the room it has)
// (&build=esm: the ESM build, dist/secure-checkout.mjs, as an app's bundler would load it, instead
// of the script tag's; its PIX step then comes as a chunk rather than as secure-checkout-pix.js)
import {
  $,
  chargeOrThrow,
  createCharge,
  formatMoney,
  loadCatalogue,
  loadConfig,
  priceCart,
  requestJson,
} from './demo-helpers.js';
import { pageLocale, t, translatePage } from './page-i18n.js';
import { pixQaBox } from './pix-qa.js';

/** @import { ChallengeWindowSize, MountOptions, PaymentMethod } from '../../../src/index' */
/** @import { Charge } from '../../../src/server/api-types' */
/** @import { CartLine, PricedLine } from './demo-helpers.js' */

const params = new URLSearchParams(location.search);
const locale = params.get('locale') ?? undefined;
// The page speaks the widget's language: the same tag (or the browser's) picks both.
const language = pageLocale(locale ?? navigator.language);
translatePage(language);

const [config, catalogue] = await Promise.all([loadConfig(), loadCatalogue()]);
// The page sends SKUs and quantities; the merchant server prices them from its catalogue. The
// amount shown and authenticated is the same cart priced the same way, so 3DS and charge agree.
/** @type {CartLine[]} */
const cart = [{ sku: 'mug-350ml', quantity: 1 }];
const order = priceCart(catalogue, cart);
const { total: amount, currency } = order;
const line = /** @type {PricedLine} the cart's one line */ (order.lines[0]);
// formatMoney falls back when the browser's language is not a BCP 47 tag (WebKitGTK says "C").
const price = formatMoney(amount, currency, locale ?? navigator.language);
$('line-name').textContent = t(language, `product.${line.sku}`, line.name);
$('line-amount').textContent = price;
$('total').textContent = price;

const customer = { id: 'cus_sandbox_ana' };
const savedCards = params.has('saved')
  ? await fetch(`/merchant/cards?customerId=${customer.id}`).then((r) => r.json())
  : [];

/**
 * Shows the charge the merchant server answered with, and hands it back to the widget.
 * @param {Charge} charge
 */
function showCharge(charge) {
  $('charge').hidden = false;
  $('charge-status').textContent = charge.status;
  $('charge-id').textContent = charge.id;
  $('charge-declined').hidden = charge.status !== 'failed';
  pixQa.show(charge);
  return charge;
}

const pixQa = pixQaBox(showCharge);

/**
 * `?pixExpiresInSeconds=`: the merchant chooses how long a PIX code lasts.
 * @param {PaymentMethod} paymentMethod
 */
const withPixExpiry = (paymentMethod) =>
  paymentMethod.type === 'pix' && params.has('pixExpiresInSeconds')
    ? { ...paymentMethod, expiresInSeconds: Number(params.get('pixExpiresInSeconds')) }
    : paymentMethod;

const library =
  params.get('build') === 'esm' ? await import('/dist/secure-checkout.mjs') : window.SecureCheckout;
const checkout = library.createCheckout({
  publishableKey: config.publishableKey,
  baseUrl: config.apiUrl,
  locale,
  fingerprintTimeoutMs: Number(params.get('fingerprintTimeoutMs')) || undefined,
  // As QA typed it: the widget checks it (configuration otherwise).
  challengeWindowSize: /** @type {ChallengeWindowSize | undefined} */ (
    params.get('challengeWindowSize') ?? undefined
  ),
});
window.demoCheckout = checkout;
window.demoMount = checkout.mount('#checkout', {
  amount,
  currency,
  // ?installments=N: N interest-free; else up to 6, 3 of them interest-free, then 1.99 %/month.
  installments: params.has('installments')
    ? Number(params.get('installments'))
    : { max: 6, interestFree: 3, monthlyRate: 0.0199, minAmount: 5 },
  // The merchant server takes the customer the shopper typed (without an id) instead of its
  // signed-in one; with no fields, the payload has no customer and it uses its own.
  // From the URL as QA typed them: the widget checks them (src/checkout.ts).
  customerFields: /** @type {MountOptions['customerFields']} */ (
    params.get('customerFields')?.split(',').filter(Boolean)
  ),
  savedCards,
  threeDS: /** @type {MountOptions['threeDS']} */ (params.get('threeDS') ?? undefined),
  paymentMethods: /** @type {MountOptions['paymentMethods']} */ (
    params.get('paymentMethods')?.split(',') ?? ['card', 'pix', 'apple_pay']
  ),
  locale,
  // The bank's page in the page's own layout, under the form: the widget finds and measures the
  // element as each payment starts.
  challengeContainer: params.get('challenge') === 'inline' ? '#bank-check' : undefined,
  // The merchant's own server creates the charge (never the API with a secret key from the page).
  // Any 2xx charge is returned as it is, `failed` included: the widget shows a decline the shopper
  // can retry. Only a refused request throws.
  onCharge: async ({ paymentMethod, customer: typed }) =>
    showCharge(
      chargeOrThrow(
        await createCharge({ cart, paymentMethod: withPixExpiry(paymentMethod), customer: typed }),
      ),
    ),
  // PIX: the merchant server reads the charge; the form asks every few seconds until it is paid
  // or its code expires.
  onPixStatus: async (charge) => {
    const { id } = /** @type {Charge} the one showCharge answered with */ (charge);
    return showCharge(
      chargeOrThrow(await requestJson(`/merchant/charges/${encodeURIComponent(id)}`)),
    );
  },
  // Apple Pay: the button shows only where the browser offers it (Safari; here also with the
  // demo's ?simulateApplePay=1). The merchant's server validates the merchant with Apple.
  applePay: {
    countryCode: 'BR',
    label: 'Sandbox Shop',
    validateMerchant: async (validationURL) => {
      const response = await fetch('/merchant/apple-pay/validate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ validationURL }),
      });
      if (!response.ok) throw new Error(`Merchant validation failed (${response.status})`);
      return response.json();
    },
  },
  onCancel: () => console.info('checkout canceled'),
  onResume: async ({ charge }) => {
    const { id } = /** @type {Charge} the one showCharge answered onCharge with */ (charge);
    return showCharge(
      chargeOrThrow(
        await requestJson(`/merchant/charges/${encodeURIComponent(id)}/resume-3ds`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        }),
      ),
    );
  },
  onError: (error) => console.info('checkout error', error.code, error.message),
});
