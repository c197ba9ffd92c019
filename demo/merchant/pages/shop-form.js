// The card form of the merchant pages and the words a shopper sees. The merchant owns this code:
// the widget's headless engine only runs 3-D Secure.
import {
  describeHttpError,
  digitsOnly,
  field,
  formatMoney,
  groupCardNumber,
  h,
  priceCart,
  widgetError,
} from './demo-helpers.js';
/** @import { AuthenticationResult, InputIssue } from '../../../src/index' */
/** @import { Charge, ChargePaymentMethod } from '../../../src/server/api-types' */
/** @import { Child, Reply } from './demo-helpers.js' */

/**
 * What the page tells the shopper: a tone, a title, a text and maybe a detail.
 * @typedef {{ tone: string, title: string, text: string, detail?: string | undefined }} Message
 */

export const CURRENCY = 'BRL';
/** @param {number} amount */
export const money = (amount) => formatMoney(amount, CURRENCY);

/**
 * Shopper words for each field an `invalid_input` error can name.
 * @type {Record<string, [id: string, text: string]>}
 */
const FIELD_MESSAGES = {
  'card.number': ['card-number', 'Check the card number.'],
  'card.holderName': ['holder-name', 'Enter the name as it is printed on the card.'],
  'card.expirationMonth': ['expiry', 'Enter the expiry date as MM/YY.'],
  'card.expirationYear': ['expiry', 'Enter the expiry date as MM/YY.'],
  cvc: ['cvc', 'Enter the 3 or 4 digits on the back of the card.'],
  email: ['email', 'Enter the e-mail address for your receipt.'],
};

/**
 * Formats as the shopper types; offers 1–6 installments of `total`.
 * @param {HTMLFormElement} form
 * @param {number} total
 */
export function setupCardInputs(form, total) {
  const number = field(form, 'card-number');
  const expiry = field(form, 'expiry');
  number.addEventListener('input', () => {
    number.value = groupCardNumber(number.value).slice(0, 23);
  });
  expiry.addEventListener('input', (event) => {
    const digits = digitsOnly(expiry.value).slice(0, 6);
    const deleting = event instanceof InputEvent && event.inputType.startsWith('delete');
    expiry.value =
      digits.length > 2 || (digits.length === 2 && !deleting)
        ? `${digits.slice(0, 2)}/${digits.slice(2)}`
        : digits;
  });
  setInstallments(form, total);
}

/** @param {HTMLFormElement} form @param {number} total */
export function setInstallments(form, total) {
  const select = field(form, 'installments', HTMLSelectElement);
  select.replaceChildren(
    ...[1, 2, 3, 4, 5, 6].map((count) =>
      h(
        'option',
        { value: count },
        count === 1
          ? `Pay in full · ${money(total)}`
          : `${count}× ${money(total / count)}, interest-free`,
      ),
    ),
  );
}

/** The card as `authenticate()` takes it, plus what only the charge needs. @param {HTMLFormElement} form */
export function readCard(form) {
  /** @param {string} id */
  const value = (id) => field(form, id).value.trim();
  const [month = '', year = ''] = value('expiry').split('/');
  return {
    card: {
      number: value('card-number'),
      holderName: value('holder-name'),
      expirationMonth: month.trim(),
      expirationYear: year.trim().length === 2 ? `20${year.trim()}` : year.trim(),
    },
    cvv: digitsOnly(value('cvc')),
    installments: Number(value('installments') || 1),
    email: value('email'),
  };
}

// Every field of the form checked at once: see shop-checks.js.
export { localIssues } from './shop-checks.js';

/**
 * The pages' polite status line (#pay-status, beside the form): where the error count is read.
 * @param {HTMLFormElement} form
 */
const statusOf = (form) => form.ownerDocument.getElementById('pay-status');

/** @param {HTMLFormElement} form */
export function clearFieldErrors(form) {
  for (const input of form.querySelectorAll('[aria-invalid]')) {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
  for (const message of form.querySelectorAll('.field-error')) message.remove();
  const status = statusOf(form);
  if (status?.dataset.fieldErrors) {
    status.textContent = '';
    delete status.dataset.fieldErrors;
  }
}

/**
 * Each issue under its field, in shopper words, tied to it by aria-describedby; the first field
 * in the page's order gets the focus, and the status line says how many need attention.
 * @param {HTMLFormElement} form
 * @param {InputIssue[]} issues
 */
export function showFieldErrors(form, issues) {
  clearFieldErrors(form);
  for (const issue of issues) {
    const [id, text] = FIELD_MESSAGES[issue.path] ?? [];
    const input = id && form.querySelector(`#${id}`);
    if (!input || input.hasAttribute('aria-invalid')) continue;
    const message = /expired/i.test(issue.message) ? 'This card has expired.' : text;
    input.after(h('p', { id: `${id}-error`, class: 'field-error' }, message));
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', `${id}-error`);
  }
  /** @type {NodeListOf<HTMLElement>} the fields of FIELD_MESSAGES */
  const marked = form.querySelectorAll('[aria-invalid="true"]');
  const invalid = [...marked];
  const status = statusOf(form);
  if (status && invalid.length > 0) {
    const names = invalid.map(
      (input) => form.querySelector(`label[for="${input.id}"]`)?.textContent,
    );
    status.textContent = `${invalid.length} field${invalid.length === 1 ? ' needs' : 's need'} attention: ${names.join(', ')}.`;
    status.dataset.fieldErrors = 'true';
  }
  invalid[0]?.focus();
}

/**
 * What to tell the shopper when the bank's check did not succeed.
 * @param {AuthenticationResult} result
 * @returns {Message}
 */
export function explainResult(result) {
  if (result.status === 'canceled' && result.outcome === 'abandoned') {
    return {
      tone: 'warn',
      title: 'Payment not confirmed',
      text: "You closed your bank's confirmation window, so nothing was charged. You can try again whenever you are ready.",
    };
  }
  if (result.status === 'canceled') {
    return {
      tone: 'warn',
      title: 'Payment canceled',
      text: 'Your bank canceled the confirmation and nothing was charged. Please try again.',
    };
  }
  if (result.status === 'error') {
    return {
      tone: 'bad',
      title: 'We could not reach your bank',
      text: "Your bank's check could not be completed and nothing was charged. Please try again in a moment.",
    };
  }
  return {
    tone: 'bad',
    title: 'Your bank did not confirm this payment',
    text: 'Nothing was charged. Check the details and try again, or use another card.',
  };
}

/**
 * What to tell the shopper when `authenticate()` rejected.
 * @param {unknown} error
 * @returns {Message}
 */
export function explainError(error) {
  const { code } = widgetError(error);
  if (code === 'aborted') {
    return { tone: 'warn', title: 'Payment interrupted', text: 'Nothing was charged.' };
  }
  if (code === 'network' || code === 'timeout' || code === 'server_error') {
    return {
      tone: 'bad',
      title: 'Connection problem',
      text: 'We could not reach the payment service and nothing was charged. Check your connection and try again.',
    };
  }
  return {
    tone: 'bad',
    title: 'Card payments are unavailable',
    text: 'This shop cannot take card payments right now and nothing was charged. Please try again later.',
    detail: code ? `Reference: ${code}` : undefined,
  };
}

/**
 * The charge the merchant server could not create or that was not paid.
 * @param {Reply} reply
 * @returns {Message}
 */
export function explainCharge(reply) {
  if (reply.ok && reply.body.failureReason === 'card_declined') {
    return {
      tone: 'bad',
      title: 'Your card was declined',
      text: 'Your bank declined this payment and nothing was charged. Try another card or contact your bank.',
      detail: `Charge ${reply.body.id}: ${reply.body.status} (${reply.body.failureReason})`,
    };
  }
  return {
    tone: 'bad',
    title: 'Payment not completed',
    text: 'Your bank confirmed the payment, but we could not complete it and nothing was charged. Please try again.',
    detail: reply.ok ? `Charge ${reply.body.id}: ${reply.body.status}` : describeHttpError(reply),
  };
}

/**
 * A message panel with a "Try again" button; `onRetry` brings the form back.
 * @param {HTMLElement} container
 * @param {Message} message
 * @param {() => void} onRetry
 */
export function renderOutcome(container, { tone, title, text, detail }, onRetry) {
  const retry = h(
    'button',
    { type: 'button', class: 'button primary', id: 'try-again' },
    'Try again',
  );
  retry.addEventListener('click', onRetry);
  container.dataset.tone = tone;
  container.replaceChildren(
    h('span', { class: 'outcome-icon', 'aria-hidden': 'true' }, tone === 'warn' ? '!' : '×'),
    h('h3', { id: 'outcome-title' }, title),
    h('p', {}, text),
    // replaceChildren writes a null as the text "null": no detail, no paragraph.
    ...(detail ? [h('p', { class: 'detail' }, detail)] : []),
    retry,
  );
  container.hidden = false;
  retry.focus();
}

/**
 * The order confirmation, from the charge record the merchant server returned.
 * @param {HTMLElement} container
 * @param {Charge} charge
 * @param {Child} [extra]
 */
export function renderConfirmation(container, charge, extra = null) {
  // A card's fields (the pages pay by card).
  const method = /** @type {Partial<Extract<ChargePaymentMethod, { type: 'credit_card' }>>} */ (
    charge.paymentMethod ?? {}
  );
  const brand = method.brand
    ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1)
    : 'Card';
  const heading = h(
    'h3',
    { id: 'confirmation-title', tabindex: '-1' },
    'Thank you! Your order is confirmed',
  );
  container.dataset.tone = 'good';
  container.replaceChildren(
    h('span', { class: 'outcome-icon', 'aria-hidden': 'true' }, '✓'),
    heading,
    h('p', {}, `We sent the receipt to ${charge.customer?.email ?? 'your e-mail'}.`),
    h(
      'dl',
      { class: 'receipt' },
      h('dt', {}, 'Paid'),
      h('dd', { id: 'confirmation-amount' }, money(charge.amount)),
      h('dt', {}, 'Card'),
      h('dd', {}, `${brand} •••• ${method.last4 ?? ''} · ${method.installments ?? 1}×`),
      h('dt', {}, 'Reference'),
      h('dd', { id: 'confirmation-id', class: 'mono' }, charge.id),
    ),
    ...(extra ? [extra] : []),
  );
  container.hidden = false;
  heading.focus();
}

/**
 * The order's lines as `priceCart` (demo-helpers.js) priced them from the catalogue.
 * @param {HTMLElement} list
 * @param {HTMLElement} totalElement
 * @param {ReturnType<typeof priceCart>} order
 */
export function renderSummary(list, totalElement, order) {
  list.replaceChildren(
    ...order.lines.map((line) =>
      h(
        'li',
        {},
        h(
          'span',
          {},
          line.name,
          h(
            'small',
            {},
            line.quantity > 1 ? `${line.description} · Qty ${line.quantity}` : line.description,
          ),
        ),
        h('span', {}, money(line.lineCents / 100)),
      ),
    ),
  );
  totalElement.textContent = money(order.total);
}

/**
 * The sandbox hint's buttons fill a test card (and plausible other fields) in one click.
 * @param {HTMLFormElement} form
 */
export function wireTestCards(form, afterFill = () => {}) {
  /** @param {string} id */
  const input = (id) => field(form, id);
  /** @type {NodeListOf<HTMLElement>} */
  const buttons = document.querySelectorAll('[data-fill]');
  for (const button of buttons) {
    button.addEventListener('click', () => {
      const year = String((new Date().getFullYear() + 4) % 100).padStart(2, '0');
      input('email').value ||= 'ana.souza@example.com';
      input('card-number').value = groupCardNumber(button.dataset.fill);
      input('holder-name').value ||= 'Ana Souza';
      input('expiry').value ||= `12/${year}`;
      input('cvc').value ||= '123';
      clearFieldErrors(form);
      afterFill();
    });
  }
}
