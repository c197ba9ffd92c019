// The page's own check of a rule: a charge made with the chosen key, its answer and, when a rule
// answered it, which one (its `Sandbox-Fault` header); then the rules again, their hits counted.
// QA only: a merchant's server makes its charges, never a browser.
import { $ } from './demo-helpers.js';
import { errorLine, money, notice } from './platform-exchange.js';
import { postQaCharge } from './qa-charge.js';

/** @type {() => Promise<unknown>} */
let afterCharge = async () => {};

/** @param {SubmitEvent} event */
async function charge(event) {
  event.preventDefault();
  const reply = await postQaCharge('Faults QA');
  const fault = reply.fault ? ` Fault ${reply.fault} answered.` : '';
  const { id, status, amount, currency } = reply.body ?? {};
  $('charge-result').replaceChildren(
    reply.ok
      ? notice(
          `Charge ${id} ${status}, ${money(amount, currency)}.${fault}`,
          status === 'paid' ? 'good' : 'warn',
        )
      : notice(`No charge: ${errorLine(reply)}.${fault}`, 'bad'),
  );
  await afterCharge();
}

/** Wires the form; `charged()` lists the rules again. @param {{ charged: () => Promise<unknown> }} hooks */
export function initCheck({ charged }) {
  afterCharge = charged;
  $('charge-form').addEventListener('submit', charge);
}
