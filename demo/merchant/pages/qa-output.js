import { $, describeHttpError, formatMoney, h, toneOf, widgetError } from './demo-helpers.js';
import { resetTimeline } from './qa-timeline.js';

/** @import { AuthenticationResult, InputIssue } from '../../../src/index' */
/** @import { Charge, ChargePaymentMethod } from '../../../src/server/api-types' */
/** @typedef {Extract<ChargePaymentMethod, { type: 'credit_card' }>} CardMethod */
/** @import { Reply } from './demo-helpers.js' */

/** @param {string} text */
const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** @param {HTMLElement} element @param {string | undefined} status */
function setPill(element, status) {
  element.textContent = status ?? '';
  if (status) element.dataset.tone = toneOf(status);
  else delete element.dataset.tone;
}

/**
 * A title, lines of text and the issues: nothing absent or empty becomes a line.
 * @param {HTMLElement} box
 * @param {string} title
 * @param {unknown[]} lines
 * @param {InputIssue[]} [issues]
 */
function errorBox(box, title, lines, issues = []) {
  /** @type {HTMLElement[]} */
  const children = [
    h('p', {}, h('strong', {}, title)),
    ...lines
      .filter(
        /** @param {unknown} line @returns {line is string} */
        (line) => typeof line === 'string' && line !== '',
      )
      .map((line) => h('p', {}, line)),
  ];
  if (issues.length) {
    children.push(
      h(
        'ul',
        {},
        issues.map((issue) => h('li', {}, h('code', {}, issue.path), ` ${issue.message}`)),
      ),
    );
  }
  box.replaceChildren(...children);
  box.hidden = false;
}

/** Back to "nothing yet" for a new payment. */
export function resetOutput() {
  resetTimeline();
  $('result-state').textContent = 'Authenticating…';
  setPill($('result-status'), '');
  $('result-outcome').textContent = '';
  $('result-id').textContent = '';
  $('result-threeds').textContent = '';
  $('result-threeds').hidden = false;
  $('result-threeds-note').hidden = true;
  $('result-error').hidden = true;
  setPill($('charge-status'), '');
  for (const id of ['charge-id', 'charge-amount', 'charge-method']) $(id).textContent = '';
  $('charge-error').hidden = true;
  $('charge-note').textContent = 'Waiting for the authentication…';
}

/**
 * Why there is no charge, in words, for a result that is not `succeeded`.
 * @param {AuthenticationResult} result
 */
function noChargeReason({ status, outcome }) {
  if (status === 'failed') return 'the authentication was declined by the bank';
  if (status === 'canceled' && outcome === 'abandoned') {
    return "the authentication was canceled by the shopper (the bank's window was closed)";
  }
  if (status === 'canceled') return 'the authentication was canceled by the bank';
  if (status === 'error') return 'the authentication ended with an error';
  return `the authentication ended with status ${status}`;
}

/**
 * The outcome as the result gives it. After a challenge the result has none (challenge-result
 * does not carry one): say what `threeDS.state` tells, without making an outcome up.
 * @param {AuthenticationResult} result
 */
function outcomeText(result) {
  if (result.outcome) return result.outcome;
  if (result.threeDS?.state) return `— (challenge result: ${result.threeDS.state})`;
  return '';
}

/** @param {AuthenticationResult} result */
export function showResult(result) {
  $('result-state').textContent = 'Finished';
  setPill($('result-status'), result.status);
  $('result-outcome').textContent = outcomeText(result);
  $('result-id').textContent = result.authenticationId;
  const hasValues = Boolean(result.threeDS);
  $('result-threeds').textContent = hasValues ? JSON.stringify(result.threeDS, null, 2) : '';
  $('result-threeds').hidden = !hasValues;
  $('result-threeds-note').hidden = hasValues;
  $('result-threeds-note').textContent = hasValues
    ? ''
    : `No threeDS values: the authentication ended without a challenge result (status ${result.status}${result.outcome ? `, outcome ${result.outcome}` : ''}).`;
  if (result.status !== 'succeeded') {
    $('charge-note').textContent =
      `No charge: ${noChargeReason(result)}, so the merchant does not charge the card.`;
  }
}

/**
 * A `CheckoutError` (or anything else thrown) as text: code, status, message, issues.
 * @param {unknown} error
 */
export function showError(error) {
  $('result-state').textContent = 'Stopped with an error';
  const { message: own, code, statusCode, issues } = widgetError(error);
  const message = own ?? (error === undefined || error === null ? '' : String(error));
  errorBox(
    $('result-error'),
    code ? `CheckoutError ${code}${statusCode ? ` (HTTP ${statusCode})` : ''}` : 'Unexpected error',
    [message],
    issues ?? [],
  );
  $('result-threeds').hidden = true;
  $('result-threeds-note').hidden = false;
  $('result-threeds-note').textContent = 'No threeDS values: authenticate() rejected.';
  $('charge-note').textContent = 'No charge: authenticate() rejected.';
}

export function showChargePending() {
  $('charge-note').textContent = 'Creating the charge on the merchant server…';
}

/**
 * The charge record the merchant server got back from POST /v1/charges, or its error.
 * @param {Reply} reply
 */
export function showCharge(reply) {
  if (!reply.ok) {
    $('charge-note').textContent = 'The merchant server could not create the charge.';
    errorBox($('charge-error'), 'Charge refused', [describeHttpError(reply)]);
    return;
  }
  /** @type {Charge} */
  const charge = reply.body;
  // A card's fields; a PIX charge has none of them.
  const method = /** @type {Partial<CardMethod>} */ (charge.paymentMethod ?? {});
  $('charge-note').textContent =
    charge.status === 'failed'
      ? `Created with the secret key, but the charge failed: ${
          charge.failureReason === 'card_declined'
            ? 'the issuer declined the card'
            : (charge.failureReason ?? 'no reason given')
        }. Nothing was charged.`
      : 'Created with the secret key by the merchant server.';
  setPill($('charge-status'), charge.status);
  $('charge-id').textContent = charge.id;
  $('charge-amount').textContent = formatMoney(charge.amount, charge.currency);
  $('charge-method').textContent = [
    `${capitalize(method.brand ?? 'card')} •••• ${method.last4 ?? '????'}`,
    `${method.installments ?? 1}×`,
    method.holderName,
    charge.threeDS && `3DS ${charge.threeDS.state}, ECI ${charge.threeDS.eci}`,
    charge.failureReason,
  ]
    .filter(Boolean)
    .join(' · ');
}
