// A charge made from a QA page's `#charge-form` with the chosen key, shown in `#charge-exchange`
// (the Webhooks and Faults pages). QA only: a merchant's server makes its charges, never a browser.
import { $, field } from './demo-helpers.js';
import { api, basic } from './merchant-key.js';
import { exchange } from './platform-exchange.js';

/** @import { Reply } from './demo-helpers.js' */

/**
 * The form's card and amount as a `POST /v1/charges` body; a typed amount that is no number is
 * sent as typed, for the service to refuse.
 * @param {HTMLFormElement} form @param {string} item the line's name, e.g. 'Faults QA'
 */
function chargeBody(form, item) {
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
    items: [{ type: 'digital', name: item, quantity: 1, amount }],
  };
}

/**
 * Sends the form's charge and resolves with the service's reply.
 * @param {string} item @returns {Promise<Reply>}
 */
export const postQaCharge = (item) =>
  exchange($('charge-exchange'), {
    method: 'POST',
    url: api('/v1/charges'),
    auth: basic(),
    body: chargeBody($('charge-form', HTMLFormElement), item),
  });
