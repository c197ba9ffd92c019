// A merchant page with the drop-in form. Query: ?locale=pt-BR&saved=1&threeDS=managed&installments=6
// (&simulateApplePay=1: a simulated Apple Pay, see simulated-apple-pay.js)
import { formatMoney } from './demo-helpers.js';

const config = await fetch('/demo-config.json').then((r) => r.json());
const params = new URLSearchParams(location.search);
const amount = Number(params.get('amount') ?? 120.5);
const currency = 'BRL';
const locale = params.get('locale') ?? undefined;
// formatMoney falls back when the browser's language is not a BCP 47 tag (WebKitGTK says "C").
const price = formatMoney(amount, currency, locale ?? navigator.language);
document.getElementById('line-amount').textContent = price;
document.getElementById('total').textContent = price;

const customer = { id: 'cus_sandbox_ana' };
const savedCards = params.has('saved')
  ? await fetch(`/merchant/cards?customerId=${customer.id}`).then((r) => r.json())
  : [];

/** The merchant's own server calls (here the demo's), never the API with a secret key from the page. */
async function merchant(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  const charge = await response.json();
  if (!response.ok) throw new Error(charge.message ?? `Payment refused (${response.status})`);
  document.getElementById('charge').hidden = false;
  document.getElementById('charge-status').textContent = charge.status;
  document.getElementById('charge-id').textContent = charge.id;
  if (charge.status === 'failed') throw new Error('The payment was declined.');
  return charge;
}

const checkout = SecureCheckout.createCheckout({
  publishableKey: config.publishableKey,
  baseUrl: config.apiUrl,
  locale,
  fingerprintTimeoutMs: Number(params.get('fingerprintTimeoutMs')) || undefined,
});
window.demoCheckout = checkout;
window.demoMount = checkout.mount('#checkout', {
  amount,
  currency,
  installments: Number(params.get('installments') ?? 6),
  savedCards,
  threeDS: params.get('threeDS') ?? undefined,
  locale,
  onCharge: ({ paymentMethod }) =>
    merchant('/merchant/charges', {
      amount,
      currency,
      customer,
      items: [{ type: 'physical', name: 'Ceramic mug, 350 ml', quantity: 1, amount }],
      paymentMethod,
    }),
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
  onResume: ({ charge }) =>
    merchant(`/merchant/charges/${encodeURIComponent(charge.id)}/resume-3ds`),
  onError: (error) => console.info('checkout error', error.code, error.message),
});
