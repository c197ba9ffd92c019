// A charge made from the page with the secret key, so there are events to deliver (QA only:
// a merchant's server makes its charges, never a browser).
import { $ } from './demo-helpers.js';
import { errorLine, money, notice } from './platform-exchange.js';
import { postQaCharge } from './qa-charge.js';

/** @import { Charge } from '../../../src/server/api-types' */

/** @type {(chargeId: string) => Promise<unknown>} */
let afterCharge = async () => {};

/** @param {SubmitEvent} event */
async function charge(event) {
  event.preventDefault();
  const reply = await postQaCharge('Webhooks QA');
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
