// The QA box beside a PIX charge, on the drop-in and custom-element pages (ids pix-qa, pix-pay,
// pix-expire, pix-qa-error, charge-events).
import { $, requestJson } from './demo-helpers.js';
/** @import { Charge } from '../../../src/server/api-types' */
/** @import { MetaPage, SandboxEvent } from './sandbox-answers.js' */

/**
 * The buttons that stand in for the shopper's bank (through the merchant server, which holds the
 * secret key) and the charge's events as the API stored them, followed once a second while the
 * charge is on the page. `showCharge` receives the charge each button's answer carries.
 * @param {(charge: Charge) => unknown} showCharge
 */
export function pixQaBox(showCharge) {
  let chargeId = '';
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let timer;
  /** @param {'pay' | 'expire'} action */
  const call = async (action) => {
    $('pix-qa-error').textContent = '';
    const reply = await requestJson(
      `/merchant/charges/${encodeURIComponent(chargeId)}/pix/${action}`,
      { method: 'POST' },
    );
    if (!reply.ok) $('pix-qa-error').textContent = reply.body?.message ?? `HTTP ${reply.status}`;
    else showCharge(reply.body);
    refresh();
  };
  async function refresh() {
    if (!chargeId) return;
    const reply = await requestJson(`/merchant/charges/${encodeURIComponent(chargeId)}/events`);
    if (!reply.ok) return;
    /** @type {MetaPage<SandboxEvent>} */
    const { data } = reply.body;
    const events = data.map((event) => event.event);
    const shown = [...$('charge-events').children].map((li) => li.textContent);
    if (events.join() !== shown.join()) {
      $('charge-events').replaceChildren(
        ...events.map((name) => Object.assign(document.createElement('li'), { textContent: name })),
      );
    }
  }
  $('pix-pay').addEventListener('click', () => call('pay'));
  $('pix-expire').addEventListener('click', () => call('expire'));
  return {
    /** @param {Charge} charge */
    show(charge) {
      const pix = charge.paymentMethod?.type === 'pix';
      $('pix-qa').hidden = !pix;
      $('pix-pay', HTMLButtonElement).disabled = $('pix-expire', HTMLButtonElement).disabled =
        charge.status !== 'pending';
      if (!pix || charge.id === chargeId) return;
      chargeId = charge.id;
      $('charge-events').replaceChildren();
      clearInterval(timer);
      timer = setInterval(refresh, 1000);
      refresh();
    },
  };
}
