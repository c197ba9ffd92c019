import { $, clockTime, h } from './demo-helpers.js';

/** @import { ReceivedWebhook } from './sandbox-answers.js' */

const SHOWN = 40;

/** @param {ReceivedWebhook} delivery @param {string} currentChargeId */
function row(delivery, currentChargeId) {
  const chargeId = delivery.body?.data?.id ?? '';
  const ok = delivery.answeredStatus < 400;
  return h(
    'li',
    {
      class: chargeId && chargeId === currentChargeId ? 'is-current' : null,
      dataset: { event: delivery.event ?? '', chargeId },
    },
    h('span', { class: 'event-type' }, delivery.event ?? '(no event name)'),
    h('time', { datetime: delivery.receivedAt }, clockTime(delivery.receivedAt)),
    h(
      'span',
      { class: 'event-detail' },
      h('span', {}, chargeId || 'no charge id'),
      h(
        'span',
        { class: 'pill', dataset: { tone: ok ? 'good' : 'bad' } },
        `answered ${delivery.answeredStatus}`,
      ),
    ),
  );
}

/**
 * Polls the merchant server's webhook receiver about once a second while the page is visible
 * (a hidden tab does not poll). Re-renders only when something changed.
 */
export function watchWebhooks() {
  /** @type {ReceivedWebhook[]} */
  let deliveries = [];
  let currentChargeId = '';
  let renderedKey = '';
  let inFlight = false;

  function render() {
    const key = `${deliveries.length}|${currentChargeId}`;
    if (key === renderedKey) return;
    renderedKey = key;
    const newest = deliveries.slice(-SHOWN).reverse();
    $('webhooks').replaceChildren(...newest.map((delivery) => row(delivery, currentChargeId)));
    $('webhooks-empty').hidden = deliveries.length > 0;
    $('webhooks-count').textContent = deliveries.length
      ? `${deliveries.length} received${deliveries.length > SHOWN ? `, newest ${SHOWN} shown` : ''}`
      : '';
  }

  async function poll() {
    if (inFlight || document.visibilityState !== 'visible') return;
    inFlight = true;
    try {
      const response = await fetch('/merchant/webhooks', { cache: 'no-store' });
      if (!response.ok) throw new Error(String(response.status));
      deliveries = await response.json();
      render();
    } catch {
      $('webhooks-count').textContent = 'Receiver unreachable, retrying…';
      renderedKey = '';
    } finally {
      inFlight = false;
    }
  }

  setInterval(poll, 1000);
  document.addEventListener('visibilitychange', poll);
  poll();
  return {
    /** Marks the deliveries of the charge just created. @param {string} chargeId */
    follow(chargeId) {
      currentChargeId = chargeId;
      render();
      poll();
    },
  };
}
