import { $, formatMoney, groupCardNumber, h, priceCart } from './demo-helpers.js';

/** @import { ChallengeWindowSize, InputIssue } from '../../../src/index' */
/** @import { PublicScenario } from '../../service/three-ds/scenarios' */
/** @import { CartLine, Catalogue } from './demo-helpers.js' */

const form = $('checkout-form', HTMLFormElement);
/** @type {Catalogue} */
let catalogue = { currency: 'BRL', products: [] };
/** @param {string} id */
const input = (id) => $(id, HTMLInputElement);
/** @param {string} id */
const select = (id) => $(id, HTMLSelectElement);

/**
 * Where each `issues[].path` of an `invalid_input` error is shown.
 * @type {Record<string, string>}
 */
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
  const sku = select('product').value;
  const quantity = Number(input('quantity').value.trim() || Number.NaN);
  /** @type {[CartLine]} */
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
  const installments = select('installments');
  const chosen = installments.value || '1';
  installments.replaceChildren(
    ...Array.from({ length: 12 }, (_, index) => {
      const count = index + 1;
      const each = valid ? ` ${formatMoney(total / count, currency)}` : '';
      return h('option', { value: count }, `${count}×${each}`);
    }),
  );
  installments.value = chosen;
}

/**
 * Defaults, the `?fingerprintTimeoutMs=` and `?card=` presets, the catalogue, live amounts.
 * @param {{ publishableKey: string, onCardInput: (number: string) => void, catalogue: Catalogue }} setup
 */
export function initForm({ publishableKey, onCardInput, catalogue: loaded }) {
  catalogue = loaded;
  const query = new URLSearchParams(location.search);
  select('product').replaceChildren(
    ...catalogue.products.map((product) =>
      h(
        'option',
        { value: product.sku },
        `${product.name} · ${formatMoney(product.unitPrice, catalogue.currency)}`,
      ),
    ),
  );
  select('product').value = 'mug-350ml';
  input('exp-year').value ||= String(new Date().getFullYear() + 4);
  input('publishable-key').value = publishableKey;
  const timeout = query.get('fingerprintTimeoutMs');
  if (timeout) input('fingerprint-timeout').value = timeout;
  const card = query.get('card');
  if (card) input('card-number').value = groupCardNumber(card);
  refreshAmounts();
  select('product').addEventListener('change', refreshAmounts);
  input('quantity').addEventListener('input', refreshAmounts);
  input('card-number').addEventListener('input', () => onCardInput(input('card-number').value));
  onCardInput(input('card-number').value);
}

/** @param {PublicScenario} scenario */
export function fillCard(scenario) {
  input('card-number').value = groupCardNumber(scenario.card);
  $('card-picked').textContent = `Card of “${scenario.name}” filled in`;
  clearIssues();
  // Straight to Pay: keyboard users pick a card and press Enter again.
  $('pay').focus();
}

/** The form as `authenticate()` input, the charge's cart and card extras, the checkout options. */
export function readForm() {
  const data = new FormData(form);
  /** @param {string} name */
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
      // The select offers '' (from the viewport) and the sizes of ChallengeWindowSize.
      challengeWindowSize: /** @type {ChallengeWindowSize | undefined} */ (
        text('challengeWindowSize') || undefined
      ),
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

/**
 * Puts each issue under its field; returns the issues no field shows.
 * @param {InputIssue[]} [issues]
 */
export function showIssues(issues = []) {
  clearIssues();
  const unplaced = [];
  for (const issue of issues) {
    // An issue of no field here (no id for its path) is left for the result to show.
    const field = document.getElementById(FIELD_OF_PATH[issue.path] ?? '');
    if (!field) {
      unplaced.push(issue);
      continue;
    }
    const id = `${field.id}-error`;
    const existing = document.getElementById(id);
    if (existing) existing.append(` ${issue.message}`);
    else field.after(h('p', { id, class: 'field-error' }, issue.message));
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', id);
  }
  const alert = $('form-alert');
  alert.textContent = `Check the form: ${issues.length} ${issues.length === 1 ? 'field needs' : 'fields need'} attention.`;
  alert.hidden = issues.length === 0;
  /** @type {HTMLElement | null} the fields of FIELD_OF_PATH */
  const first = form.querySelector('[aria-invalid="true"]');
  first?.focus();
  return unplaced;
}
