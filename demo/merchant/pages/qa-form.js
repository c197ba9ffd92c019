import { formatMoney, groupCardNumber, h, priceCart } from './demo-helpers.js';

const $ = (id) => document.getElementById(id);
const form = $('checkout-form');
let catalogue = { currency: 'BRL', products: [] };

/** Where each `issues[].path` of an `invalid_input` error is shown. */
const FIELD_OF_PATH = {
  'card.number': 'card-number',
  'card.holderName': 'holder-name',
  'card.expirationMonth': 'exp-month',
  'card.expirationYear': 'exp-year',
  // The amount is the product's price times the quantity: a bad amount is a bad quantity.
  amount: 'quantity',
  currency: 'product',
};

/**
 * The cart of the form (one product line) and its total. The total is what `authenticate()` is
 * asked for; the merchant server prices the same cart from its catalogue when it charges.
 * A quantity that is not a whole number gives no total (NaN), which the widget refuses.
 */
function readCart() {
  const sku = $('product').value;
  const quantity = Number($('quantity').value.trim() || Number.NaN);
  const cart = [{ sku, quantity }];
  const known = catalogue.products.some((product) => product.sku === sku);
  const total = known && Number.isInteger(quantity) ? priceCart(catalogue, cart).total : Number.NaN;
  return { cart, total, currency: catalogue.currency };
}

function refreshAmounts() {
  const { cart, total, currency } = readCart();
  const valid = Number.isFinite(total) && total > 0;
  $('pay').textContent = valid ? `Pay ${formatMoney(total, currency)}` : 'Pay';
  const product = catalogue.products.find((p) => p.sku === cart[0].sku);
  $('order-note').textContent = product
    ? `${cart[0].quantity || '?'} × ${product.name} (${product.type}) at ${formatMoney(product.unitPrice, currency)}, priced by the merchant server from GET /merchant/catalogue.`
    : '';
  const select = $('installments');
  const chosen = select.value || '1';
  select.replaceChildren(
    ...Array.from({ length: 12 }, (_, index) => {
      const count = index + 1;
      const each = valid ? ` ${formatMoney(total / count, currency)}` : '';
      return h('option', { value: count }, `${count}×${each}`);
    }),
  );
  select.value = chosen;
}

/** Defaults, the `?fingerprintTimeoutMs=` and `?card=` presets, the catalogue, live amounts. */
export function initForm({ publishableKey, onCardInput, catalogue: loaded }) {
  catalogue = loaded;
  const query = new URLSearchParams(location.search);
  $('product').replaceChildren(
    ...catalogue.products.map((product) =>
      h(
        'option',
        { value: product.sku },
        `${product.name} · ${formatMoney(product.unitPrice, catalogue.currency)}`,
      ),
    ),
  );
  $('product').value = 'mug-350ml';
  $('exp-year').value ||= String(new Date().getFullYear() + 4);
  $('publishable-key').value = publishableKey;
  const timeout = query.get('fingerprintTimeoutMs');
  if (timeout) $('fingerprint-timeout').value = timeout;
  const card = query.get('card');
  if (card) $('card-number').value = groupCardNumber(card);
  refreshAmounts();
  $('product').addEventListener('change', refreshAmounts);
  $('quantity').addEventListener('input', refreshAmounts);
  $('card-number').addEventListener('input', () => onCardInput($('card-number').value));
  onCardInput($('card-number').value);
}

export function fillCard(scenario) {
  $('card-number').value = groupCardNumber(scenario.card);
  $('card-picked').textContent = `Card of “${scenario.name}” filled in`;
  clearIssues();
  // Straight to Pay: keyboard users pick a card and press Enter again.
  $('pay').focus();
}

/** The form as `authenticate()` input, the charge's cart and card extras, the checkout options. */
export function readForm() {
  const data = new FormData(form);
  const text = (name) => String(data.get(name) ?? '').trim();
  const timeout = text('fingerprintTimeoutMs');
  const { cart, total, currency } = readCart();
  return {
    request: {
      amount: total,
      currency,
      card: {
        number: text('number'),
        holderName: text('holderName'),
        expirationMonth: text('expirationMonth'),
        expirationYear: text('expirationYear'),
      },
    },
    cart,
    cvv: text('cvv'),
    installments: Number(text('installments') || 1),
    options: {
      publishableKey: text('publishableKey'),
      fingerprintTimeoutMs: timeout === '' ? undefined : Number(timeout),
      challengeWindowSize: text('challengeWindowSize') || undefined,
      locale: text('locale') || undefined,
    },
  };
}

export function clearIssues() {
  for (const input of form.querySelectorAll('[aria-invalid]')) {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
  for (const message of form.querySelectorAll('.field-error')) message.remove();
  $('form-alert').hidden = true;
}

/** Puts each issue under its field; returns the issues no field shows. */
export function showIssues(issues = []) {
  clearIssues();
  const unplaced = [];
  for (const issue of issues) {
    const input = $(FIELD_OF_PATH[issue.path] ?? '');
    if (!input) {
      unplaced.push(issue);
      continue;
    }
    const id = `${input.id}-error`;
    const existing = $(id);
    if (existing) existing.append(` ${issue.message}`);
    else input.after(h('p', { id, class: 'field-error' }, issue.message));
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', id);
  }
  const alert = $('form-alert');
  alert.textContent = `Check the form: ${issues.length} ${issues.length === 1 ? 'field needs' : 'fields need'} attention.`;
  alert.hidden = issues.length === 0;
  form.querySelector('[aria-invalid="true"]')?.focus();
  return unplaced;
}
