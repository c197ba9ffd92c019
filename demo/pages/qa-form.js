import { formatMoney, groupCardNumber, h } from './demo-helpers.js';

const $ = (id) => document.getElementById(id);
const form = $('checkout-form');

/** Where each `issues[].path` of an `invalid_input` error is shown. */
const FIELD_OF_PATH = {
  'card.number': 'card-number',
  'card.holderName': 'holder-name',
  'card.expirationMonth': 'exp-month',
  'card.expirationYear': 'exp-year',
  amount: 'amount',
  currency: 'currency',
};

const amountOf = (value) => Number(String(value).trim().replace(',', '.'));

function refreshAmounts() {
  const amount = amountOf($('amount').value);
  const currency = $('currency').value.trim().toUpperCase();
  const valid = Number.isFinite(amount) && amount > 0 && /^[A-Z]{3}$/.test(currency);
  $('pay').textContent = valid ? `Pay ${formatMoney(amount, currency)}` : 'Pay';
  const select = $('installments');
  const chosen = select.value || '1';
  select.replaceChildren(
    ...Array.from({ length: 12 }, (_, index) => {
      const count = index + 1;
      const each = valid ? ` ${formatMoney(amount / count, currency)}` : '';
      return h('option', { value: count }, `${count}×${each}`);
    }),
  );
  select.value = chosen;
}

/** Defaults, the `?fingerprintTimeoutMs=` and `?card=` presets, live amounts. */
export function initForm({ publishableKey, onCardInput }) {
  const query = new URLSearchParams(location.search);
  $('exp-year').value ||= String(new Date().getFullYear() + 4);
  $('publishable-key').value = publishableKey;
  const timeout = query.get('fingerprintTimeoutMs');
  if (timeout) $('fingerprint-timeout').value = timeout;
  const card = query.get('card');
  if (card) $('card-number').value = groupCardNumber(card);
  refreshAmounts();
  $('amount').addEventListener('input', refreshAmounts);
  $('currency').addEventListener('input', refreshAmounts);
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

/** The form as `authenticate()` input, the charge's extra fields and the checkout options. */
export function readForm() {
  const data = new FormData(form);
  const text = (name) => String(data.get(name) ?? '').trim();
  const timeout = text('fingerprintTimeoutMs');
  return {
    request: {
      amount: amountOf(text('amount')),
      currency: text('currency').toUpperCase(),
      card: {
        number: text('number'),
        holderName: text('holderName'),
        expirationMonth: text('expirationMonth'),
        expirationYear: text('expirationYear'),
      },
    },
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
