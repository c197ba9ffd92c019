// The page's own check of a rule: a charge made with the chosen key, its answer and, when a rule
// answered it, which one (its `Sandbox-Fault` header); then the rules again, their hits counted.
// QA only: a merchant's server makes its charges, never a browser.
import { $, field } from './demo-helpers.js';
import { api, basic } from './merchant-key.js';
import { errorLine, exchange, money, notice } from './platform-exchange.js';

/** @type {() => Promise<unknown>} */
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
    items: [{ type: 'digital', name: 'Faults QA', quantity: 1, amount }],
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
