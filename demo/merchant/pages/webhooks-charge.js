// A charge made from the page with the secret key, so there are events to deliver (QA only:
// a merchant's server makes its charges, never a browser).
import { $, field } from './demo-helpers.js';
import { api, basic } from './merchant-key.js';
import { errorLine, exchange, money, notice } from './platform-exchange.js';

/** @import { Charge } from '../../../src/server/api-types' */

/** @type {(chargeId: string) => Promise<unknown>} */
let afterCharge = async () => {};

/** @param {HTMLFormElement} form */
function chargeBody(form) {
  const typed = field(form, 'amount').value.trim();
  const amount = /^\d+(\.\d+)?$/.test(typed) ? Number(typed) : typed;
  return {
    amount,
    currency: 'BRL',
    customer: { name: 'Ana Souza', email: 'ana.souza@example.com' },
    paymentMethod: {
      type: 'credit_card',
      number: field(form, 'number').value,
      holderName: 'Ana Souza',
      expirationMonth: '12',
      expirationYear: String(new Date().getFullYear() + 4),
      cvv: '123',
      installments: 1,
    },
    items: [{ type: 'digital', name: 'Webhooks QA', quantity: 1, amount }],
  };
}

/** @param {SubmitEvent} event */
async function charge(event) {
  event.preventDefault();
  const reply = await exchange($('charge-exchange'), {
    method: 'POST',
    url: api('/v1/charges'),
    auth: basic(),
    body: chargeBody($('charge-form', HTMLFormElement)),
  });
  const result = $('charge-result');
  if (!reply.ok) {
    result.replaceChildren(notice(`No charge: ${errorLine(reply)}`, 'bad'));
    return;
  }
  /** @type {Charge} */
  const { id, status, amount, currency, failureReason } = reply.body;
  result.replaceChildren(
    notice(
      `Charge ${id} ${status}${failureReason ? ` (${failureReason})` : ''}, ${money(amount, currency)}: its events are listed below.`,
      status === 'paid' ? 'good' : 'warn',
    ),
  );
  await afterCharge(id);
}

/**
 * Wires the form; `charged(id)` shows the new charge's events.
 * @param {{ charged: (chargeId: string) => Promise<unknown> }} hooks
 */
export function initCharge({ charged }) {
  afterCharge = charged;
  $('charge-form').addEventListener('submit', charge);
}
