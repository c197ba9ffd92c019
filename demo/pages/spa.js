// A single-page shop: cart → payment as client-side views (pushState / popstate), the ESM build,
// one checkout per visit to the payment step and an AbortController per payment. Leaving the
// payment step (back button, link) aborts the running authentication: the bank's window closes
// and authenticate() settles with `aborted`.
import { createCheckout } from '/dist/secure-checkout.mjs';
import { clockTime, createCharge, h, loadConfig } from './demo-helpers.js';
import {
  CURRENCY,
  clearFieldErrors,
  explainCharge,
  explainError,
  explainResult,
  localIssues,
  money,
  orderTotal,
  readCard,
  renderConfirmation,
  renderOutcome,
  renderSummary,
  setInstallments,
  setupCardInputs,
  showFieldErrors,
  wireTestCards,
} from './shop-form.js';

const $ = (id) => document.getElementById(id);
const config = await loadConfig();
const form = $('pay-form');
const cart = [
  {
    type: 'physical',
    name: 'Ceramic pour-over dripper',
    detail: 'Sand glaze',
    quantity: 1,
    amount: 89.9,
  },
  {
    type: 'physical',
    name: 'Single-origin beans, 250 g',
    detail: 'Mantiqueira de Minas',
    quantity: 2,
    amount: 42,
  },
];
const SHIPPING = {
  type: 'service',
  name: 'Shipping',
  detail: 'Standard, 3–5 business days',
  quantity: 1,
  amount: 12,
};
const order = () => [...cart.filter((line) => line.quantity > 0), SHIPPING];

let checkout = null;
let controller = null;

function log(text) {
  $('dev-log').append(h('li', {}, `${clockTime(Date.now())}  ${text}`));
}

function renderCart() {
  $('cart-items').replaceChildren(
    ...cart.map((line, index) => {
      const step = (delta, label) => {
        const key = `${index}${delta}`;
        const button = h(
          'button',
          { type: 'button', 'aria-label': `${label}: ${line.name}`, dataset: { key } },
          delta > 0 ? '+' : '−',
        );
        button.disabled = line.quantity + delta < 0 || line.quantity + delta > 9;
        button.addEventListener('click', () => {
          line.quantity += delta;
          renderCart();
          // The list was re-rendered: keep the focus on the same stepper button.
          document.querySelector(`[data-key="${key}"]`)?.focus();
        });
        return button;
      };
      return h(
        'li',
        {},
        h('span', {}, line.name, h('small', {}, line.detail)),
        h(
          'span',
          { class: 'quantity' },
          step(-1, 'Fewer'),
          h('output', {}, line.quantity),
          step(1, 'More'),
        ),
        h('span', { class: 'line-price' }, money(line.amount * line.quantity)),
      );
    }),
  );
  $('cart-subtotal').textContent = money(orderTotal(cart));
  $('cart-shipping').textContent = money(SHIPPING.amount);
  $('cart-total').textContent = money(orderTotal(order()));
  $('to-payment').disabled = cart.every((line) => line.quantity === 0);
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
  renderSummary($('order-lines'), $('order-total'), order());
  setInstallments(form, orderTotal(order()));
  $('pay').textContent = `Pay ${money(orderTotal(order()))}`;
  form.hidden = false;
  $('outcome').hidden = true;
  $('confirmation').hidden = true;
  $('spa-notice').hidden = true;
}

const stepOf = (url) => (new URL(url).searchParams.get('step') === 'payment' ? 'payment' : 'cart');

function show(step, { focus = true } = {}) {
  const payment = step === 'payment';
  if (!payment) leavePayment();
  else if (!checkout) enterPayment();
  if (!payment) renderCart();
  $('view-cart').hidden = payment;
  $('view-payment').hidden = !payment;
  for (const [id, current] of [
    ['step-cart', !payment],
    ['step-payment', payment],
  ]) {
    if (current) $(id).setAttribute('aria-current', 'step');
    else $(id).removeAttribute('aria-current');
  }
  document.title = `${payment ? 'Payment' : 'Cart'} · Casa Café`;
  if (focus) $(payment ? 'payment-view-title' : 'cart-title').focus();
}

function navigate(step) {
  if (stepOf(location.href) === step) return;
  const from = stepOf(location.href);
  history.pushState({ step, from }, '', step === 'payment' ? '?step=payment' : location.pathname);
  show(step);
}

function setBusy(busy) {
  $('pay-fields').disabled = busy;
  $('pay').textContent = busy ? 'Confirming with your bank…' : `Pay ${money(orderTotal(order()))}`;
  $('pay-status').textContent = busy ? 'Confirming the payment with your bank.' : '';
}

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

/** Runs the payment; resolves with what to show once the form is enabled again. */
async function pay(values) {
  const lines = order();
  const total = orderTotal(lines);
  controller = new AbortController();
  log('checkout.authenticate(request, { signal })');
  let result;
  try {
    result = await checkout.authenticate(
      { amount: total, currency: CURRENCY, card: values.card },
      { signal: controller.signal },
    );
  } catch (error) {
    log(`authenticate() rejected: CheckoutError ${error?.code ?? String(error)}`);
    if (error?.code === 'aborted') return showAborted;
    if (error?.code === 'invalid_input') return () => showFieldErrors(form, error.issues ?? []);
    return () => fail(explainError(error));
  } finally {
    controller = null;
  }
  log(`authenticate() resolved: ${result.status}${result.outcome ? ` / ${result.outcome}` : ''}`);
  if (result.status !== 'succeeded') return () => fail(explainResult(result));

  const reply = await createCharge({
    amount: total,
    currency: CURRENCY,
    card: values.card,
    cvv: values.cvv,
    installments: values.installments,
    threeDS: result.threeDS,
    customer: { name: values.card.holderName, email: values.email },
    items: lines.map(({ type, name, quantity, amount }) => ({ type, name, quantity, amount })),
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

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (controller || !checkout) return;
  const values = readCard(form);
  const issues = localIssues(values);
  if (issues.length) return showFieldErrors(form, issues);
  clearFieldErrors(form);
  setBusy(true);
  const next = await pay(values).catch((error) => () => fail(explainError(error)));
  setBusy(false);
  next();
});

$('to-payment').addEventListener('click', () => navigate('payment'));
for (const link of document.querySelectorAll('[data-route]')) {
  link.addEventListener('click', (event) => {
    event.preventDefault();
    // "Back to cart" is the browser's back when we came from the cart, so both behave alike.
    if (link.dataset.route === 'back' && history.state?.from === 'cart') history.back();
    else navigate('cart');
  });
}
addEventListener('popstate', () => show(stepOf(location.href)));
addEventListener('pagehide', leavePayment);

setupCardInputs(form, orderTotal(order()));
wireTestCards(form);
history.replaceState({ step: stepOf(location.href) }, '');
show(stepOf(location.href), { focus: false });
