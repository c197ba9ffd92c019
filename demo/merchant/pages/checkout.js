// A merchant's checkout with the script-tag build: /dist/secure-checkout.js has defined
// window.SecureCheckout before this module runs (modules run after classic scripts).
import {
  $,
  cardPaymentMethod,
  createCharge,
  h,
  loadCatalogue,
  loadConfig,
  onPay,
  priceCart,
  widgetError,
} from './demo-helpers.js';
import {
  clearFieldErrors,
  explainCharge,
  explainError,
  explainResult,
  localIssues,
  money,
  readCard,
  renderConfirmation,
  renderOutcome,
  renderSummary,
  setupCardInputs,
  showFieldErrors,
  wireTestCards,
} from './shop-form.js';

/** @import { Message } from './shop-form.js' */

// The cart is SKUs and quantities: the merchant server prices it from its catalogue.
const CART = [
  { sku: 'dripper-sand', quantity: 1 },
  { sku: 'beans-250g', quantity: 2 },
  { sku: 'shipping-standard', quantity: 1 },
];
const form = $('pay-form', HTMLFormElement);
const [config, catalogue] = await Promise.all([loadConfig(), loadCatalogue()]);
const order = priceCart(catalogue, CART);
const { total } = order;

const create = () =>
  window.SecureCheckout.createCheckout({
    publishableKey: config.publishableKey,
    baseUrl: config.apiUrl,
  });
let checkout = create();
// Leaving the page ends any flow and removes the widget's frames; a page restored from the
// back/forward cache gets a fresh checkout.
addEventListener('pagehide', () => checkout.destroy());
addEventListener('pageshow', (event) => {
  if (event.persisted) checkout = create();
});

renderSummary($('order-lines'), $('order-total'), order);
setupCardInputs(form, total);
const payLabel = `Pay ${money(total)}`;
$('pay').textContent = payLabel;

/** @param {boolean} busy */
function setBusy(busy) {
  $('pay-fields', HTMLFieldSetElement).disabled = busy;
  $('pay').textContent = busy ? 'Confirming with your bank…' : payLabel;
  $('pay-status').textContent = busy ? 'Confirming the payment with your bank.' : '';
}

function showForm() {
  $('outcome').hidden = true;
  form.hidden = false;
  $('pay').focus();
}

/** @param {Message} message */
function fail(message) {
  form.hidden = true;
  renderOutcome($('outcome'), message, showForm);
}

/**
 * Runs the payment; resolves with what to show once the form is enabled again.
 * @param {ReturnType<typeof readCard>} values
 */
async function pay(values) {
  let result;
  try {
    result = await checkout.authenticate({
      amount: total,
      currency: order.currency,
      card: values.card,
    });
  } catch (error) {
    const { code, issues } = widgetError(error);
    if (code === 'invalid_input') return () => showFieldErrors(form, issues ?? []);
    return () => fail(explainError(error));
  }
  if (result.status !== 'succeeded') return () => fail(explainResult(result));

  // Our server prices the cart and creates the charge with its secret key; the browser only
  // hands it the cart, the card with its 3DS values, and the shopper's contact.
  const reply = await createCharge({
    cart: CART,
    paymentMethod: cardPaymentMethod({ ...values, threeDS: result.threeDS }),
    customer: { name: values.card.holderName, email: values.email },
  }).catch((error) => ({ ok: false, status: 0, body: { message: error.message } }));
  if (!reply.ok || reply.body.status !== 'paid') return () => fail(explainCharge(reply));
  return () => {
    form.hidden = true;
    renderConfirmation(
      $('confirmation'),
      reply.body,
      h('a', { class: 'button secondary', href: '/checkout.html' }, 'Place another order'),
    );
  };
}

onPay(form, async (event) => {
  event.preventDefault();
  if ($('pay-fields', HTMLFieldSetElement).disabled) return;
  const values = readCard(form);
  const issues = localIssues(values);
  if (issues.length) return showFieldErrors(form, issues);
  clearFieldErrors(form);
  setBusy(true);
  const show = await pay(values).catch((error) => () => fail(explainError(error)));
  setBusy(false);
  show();
});

wireTestCards(form, showForm);
