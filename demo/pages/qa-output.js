import { clockTime, describeHttpError, formatMoney, h, toneOf } from './demo-helpers.js';

const $ = (id) => document.getElementById(id);
const capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);
let startedAt = 0;

function setPill(element, status) {
  element.textContent = status ?? '';
  if (status) element.dataset.tone = toneOf(status);
  else delete element.dataset.tone;
}

function errorBox(box, title, lines, issues = []) {
  box.replaceChildren(
    h('p', {}, h('strong', {}, title)),
    ...lines.filter(Boolean).map((line) => h('p', {}, line)),
    issues.length
      ? h(
          'ul',
          {},
          issues.map((issue) => h('li', {}, h('code', {}, issue.path), ` ${issue.message}`)),
        )
      : null,
  );
  box.hidden = false;
}

/** Back to "nothing yet" for a new payment. */
export function resetOutput() {
  startedAt = Date.now();
  $('timeline').replaceChildren();
  $('timeline-empty').hidden = false;
  $('result-state').textContent = 'Authenticating…';
  setPill($('result-status'), '');
  $('result-outcome').textContent = '';
  $('result-id').textContent = '';
  $('result-threeds').textContent = '';
  $('result-error').hidden = true;
  setPill($('charge-status'), '');
  for (const id of ['charge-id', 'charge-amount', 'charge-method']) $(id).textContent = '';
  $('charge-error').hidden = true;
  $('charge-note').textContent = 'Waiting for the authentication…';
}

/** One `onEvent` event: type, authenticationId, time. */
export function showEvent(event) {
  $('timeline-empty').hidden = true;
  const details = [
    event.authenticationId,
    event.status && `status ${event.status}`,
    event.outcome && `outcome ${event.outcome}`,
    event.code && `code ${event.code}`,
  ].filter(Boolean);
  $('timeline').append(
    h(
      'li',
      { dataset: { type: event.type } },
      h('time', { datetime: new Date(event.timestamp).toISOString() }, clockTime(event.timestamp)),
      h('span', { class: 'event-type' }, event.type),
      h('span', { class: 'since' }, `+${Math.max(0, event.timestamp - startedAt)} ms`),
      details.length ? h('span', { class: 'event-detail' }, details.join(' · ')) : null,
    ),
  );
}

export function showResult(result) {
  $('result-state').textContent = 'Finished';
  setPill($('result-status'), result.status);
  $('result-outcome').textContent = result.outcome ?? '';
  $('result-id').textContent = result.authenticationId;
  $('result-threeds').textContent = result.threeDS ? JSON.stringify(result.threeDS, null, 2) : '';
  if (result.status !== 'succeeded') {
    $('charge-note').textContent =
      `No charge: the authentication ended ${result.status}, so the merchant does not charge the card.`;
  }
}

/** A `CheckoutError` (or anything else thrown) as text: code, status, message, issues. */
export function showError(error) {
  $('result-state').textContent = 'Stopped with an error';
  errorBox(
    $('result-error'),
    error?.code
      ? `CheckoutError ${error.code}${error.statusCode ? ` (HTTP ${error.statusCode})` : ''}`
      : 'Unexpected error',
    [String(error?.message ?? error)],
    error?.issues ?? [],
  );
  $('charge-note').textContent = 'No charge: authenticate() rejected.';
}

export function showChargePending() {
  $('charge-note').textContent = 'Creating the charge on the merchant server…';
}

/** The charge record the merchant server got back from POST /v1/charges, or its error. */
export function showCharge(reply) {
  if (!reply.ok) {
    $('charge-note').textContent = 'The merchant server could not create the charge.';
    errorBox($('charge-error'), 'Charge refused', [describeHttpError(reply)]);
    return;
  }
  const charge = reply.body;
  const method = charge.paymentMethod ?? {};
  $('charge-note').textContent = 'Created with the secret key by the merchant server.';
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
