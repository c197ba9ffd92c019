// A single-page shop: cart → payment as client-side views (pushState / popstate), the ESM build,
// one checkout per visit to the payment step and an AbortController per payment. Leaving the
// payment step (back button, link) aborts the running authentication: the bank's window closes
// and authenticate() settles with `aborted`.
import { createCheckout } from '/dist/secure-checkout.mjs';
import {
  $,
  cardPaymentMethod,
  clockTime,
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
  setInstallments,
  setupCardInputs,
  showFieldErrors,
  wireTestCards,
} from './shop-form.js';

/** @import { Checkout } from '../../../src/index' */
/** @import { CartLine } from './demo-helpers.js' */
/** @import { Message } from './shop-form.js' */

const [config, catalogue] = await Promise.all([loadConfig(), loadCatalogue()]);
const form = $('pay-form', HTMLFormElement);
// SKUs and quantities only: prices come from the merchant server's catalogue, which is also what
// the server charges.
/** @type {CartLine[]} */
const cart = [
  { sku: 'dripper-sand', quantity: 1 },
  { sku: 'beans-250g', quantity: 2 },
];
const SHIPPING = { sku: 'shipping-standard', quantity: 1 };
/** @param {string} sku */
const productOf = (sku) => {
  const product = catalogue.products.find((p) => p.sku === sku);
  // As priceCart says it: the cart above names only catalogue products.
  if (!product) throw new Error(`${sku} is not in the catalogue`);
  return product;
};
const itemsCart = () =>
  cart.filter((line) => line.quantity > 0).map(({ sku, quantity }) => ({ sku, quantity }));
/** What the server is asked to charge: the cart's non-empty lines and shipping. */
const orderCart = () => [...itemsCart(), SHIPPING];
const order = () => priceCart(catalogue, orderCart());

/** @type {Checkout | null} */
let checkout = null;
/** @type {AbortController | null} */
let controller = null;

/** @param {string} text */
function log(text) {
  $('dev-log').append(h('li', {}, `${clockTime(Date.now())}  ${text}`));
}

function renderCart() {
  $('cart-items').replaceChildren(
    ...cart.map((line, index) => {
      const product = productOf(line.sku);
      /** @param {number} delta @param {string} label */
      const step = (delta, label) => {
        const key = `${index}${delta}`;
        const button = h(
          'button',
          { type: 'button', 'aria-label': `${label}: ${product.name}`, dataset: { key } },
          delta > 0 ? '+' : '−',
        );
        button.disabled = line.quantity + delta < 0 || line.quantity + delta > 9;
        button.addEventListener('click', () => {
          line.quantity += delta;
          renderCart();
          // The list was re-rendered: keep the focus on the same stepper button.
          /** @type {HTMLButtonElement | null} */
          const same = document.querySelector(`[data-key="${key}"]`);
          same?.focus();
        });
        return button;
      };
      return h(
        'li',
        {},
        h('span', {}, product.name, h('small', {}, product.description)),
        h(
          'span',
          { class: 'quantity' },
          step(-1, 'Fewer'),
          h('output', {}, String(line.quantity)),
          step(1, 'More'),
        ),
        h('span', { class: 'line-price' }, money(priceCart(catalogue, [line]).total)),
      );
    }),
  );
  $('cart-subtotal').textContent = money(priceCart(catalogue, itemsCart()).total);
  $('cart-shipping').textContent = money(priceCart(catalogue, [SHIPPING]).total);
  $('cart-total').textContent = money(order().total);
  $('to-payment', HTMLButtonElement).disabled = cart.every((line) => line.quantity === 0);
}

/** Leaving the payment step: stop the running authentication, then free the widget. */
function leavePayment() {
  if (controller) {
    log('left the payment step during authentication → controller.abort()');
    controller.abort();
  }
  if (checkout) {
    checkout.destroy();
    checkout = null;
    log('checkout.destroy()');
  }
}

function enterPayment() {
  checkout = createCheckout({ publishableKey: config.publishableKey, baseUrl: config.apiUrl });
  log('createCheckout()');
  const priced = order();
  renderSummary($('order-lines'), $('order-total'), priced);
  setInstallments(form, priced.total);
  $('pay').textContent = `Pay ${money(priced.total)}`;
  form.hidden = false;
  $('outcome').hidden = true;
  $('confirmation').hidden = true;
  $('spa-notice').hidden = true;
}

/** @param {string} url */
const stepOf = (url) => (new URL(url).searchParams.get('step') === 'payment' ? 'payment' : 'cart');

/** @param {'cart' | 'payment'} step */
function show(step, { focus = true } = {}) {
  const payment = step === 'payment';
  if (!payment) leavePayment();
  else if (!checkout) enterPayment();
  if (!payment) renderCart();
  $('view-cart').hidden = payment;
  $('view-payment').hidden = !payment;
  /** @type {[string, boolean][]} */
  const steps = [
    ['step-cart', !payment],
    ['step-payment', payment],
  ];
  for (const [id, current] of steps) {
    if (current) $(id).setAttribute('aria-current', 'step');
    else $(id).removeAttribute('aria-current');
  }
  document.title = `${payment ? 'Payment' : 'Cart'} · Casa Café`;
  if (focus) $(payment ? 'payment-view-title' : 'cart-title').focus();
}

/** @param {'cart' | 'payment'} step */
function navigate(step) {
  if (stepOf(location.href) === step) return;
  const from = stepOf(location.href);
  history.pushState({ step, from }, '', step === 'payment' ? '?step=payment' : location.pathname);
  show(step);
}

/** @param {boolean} busy */
function setBusy(busy) {
  $('pay-fields', HTMLFieldSetElement).disabled = busy;
  $('pay').textContent = busy ? 'Confirming with your bank…' : `Pay ${money(order().total)}`;
  $('pay-status').textContent = busy ? 'Confirming the payment with your bank.' : '';
}

/** @param {Message} message */
function fail(message) {
  form.hidden = true;
  renderOutcome($('outcome'), message, () => {
    $('outcome').hidden = true;
    form.hidden = false;
    $('pay').focus();
  });
}

function showAborted() {
  const notice = $('spa-notice');
  notice.dataset.state = 'aborted';
  notice.dataset.tone = 'warn';
  notice.replaceChildren(
    h('strong', {}, 'Payment interrupted'),
    "You left the payment step while your bank was checking the card. The bank's window was closed and nothing was charged.",
    h('span', { class: 'detail' }, ' (authenticate() settled with CheckoutError “aborted”.)'),
  );
  notice.hidden = false;
}

/**
 * Runs the payment; resolves with what to show once the form is enabled again.
 * @param {Checkout} current the payment step's checkout
 * @param {ReturnType<typeof readCard>} values
 */
async function pay(current, values) {
  const charged = orderCart();
  const { total, currency } = priceCart(catalogue, charged);
  controller = new AbortController();
  log('checkout.authenticate(request, { signal })');
  let result;
  try {
    result = await current.authenticate(
      { amount: total, currency, card: values.card },
      { signal: controller.signal },
    );
  } catch (error) {
    const { code, issues } = widgetError(error);
    log(`authenticate() rejected: CheckoutError ${code ?? String(error)}`);
    if (code === 'aborted') return showAborted;
    if (code === 'invalid_input') return () => showFieldErrors(form, issues ?? []);
    return () => fail(explainError(error));
  } finally {
    controller = null;
  }
  log(`authenticate() resolved: ${result.status}${result.outcome ? ` / ${result.outcome}` : ''}`);
  if (result.status !== 'succeeded') return () => fail(explainResult(result));

  const reply = await createCharge({
    cart: charged,
    paymentMethod: cardPaymentMethod({ ...values, threeDS: result.threeDS }),
    customer: { name: values.card.holderName, email: values.email },
  }).catch((error) => ({ ok: false, status: 0, body: { message: error.message } }));
  log(`POST /merchant/charges → ${reply.status}${reply.ok ? ` (${reply.body.status})` : ''}`);
  if (!reply.ok || reply.body.status !== 'paid') return () => fail(explainCharge(reply));
  return () => {
    form.hidden = true;
    const again = h('button', { type: 'button', class: 'button secondary' }, 'Continue shopping');
    again.addEventListener('click', () => navigate('cart'));
    renderConfirmation($('confirmation'), reply.body, again);
  };
}

onPay(form, async (event) => {
  event.preventDefault();
  if (controller || !checkout) return;
  const values = readCard(form);
  const issues = localIssues(values);
  if (issues.length) return showFieldErrors(form, issues);
  clearFieldErrors(form);
  setBusy(true);
  const next = await pay(checkout, values).catch((error) => () => fail(explainError(error)));
  setBusy(false);
  next();
});

$('to-payment').addEventListener('click', () => navigate('payment'));
/** @type {NodeListOf<HTMLElement>} */
const links = document.querySelectorAll('[data-route]');
for (const link of links) {
  link.addEventListener('click', (event) => {
    event.preventDefault();
    // "Back to cart" is the browser's back when we came from the cart, so both behave alike.
    if (link.dataset.route === 'back' && history.state?.from === 'cart') history.back();
    else navigate('cart');
  });
}
addEventListener('popstate', () => show(stepOf(location.href)));
addEventListener('pagehide', leavePayment);

setupCardInputs(form, order().total);
wireTestCards(form);
history.replaceState({ step: stepOf(location.href) }, '');
show(stepOf(location.href), { focus: false });
