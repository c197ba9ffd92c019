// The demo's built-in receiver (this origin's /merchant/webhooks): what it received, and the
// knob that makes it answer 500 to the next deliveries, so the sandbox's retries show.
import { $, field, h } from './demo-helpers.js';
import { errorLine, exchange, notice, pill, table } from './platform-exchange.js';

/** @import { Reply } from './demo-helpers.js' */
/** @import { ReceivedWebhook } from './sandbox-answers.js' */

const SHOWN = 30;
/** @param {string} path */
const here = (path) => new URL(path, window.location.href).href;
const filterField = () => $('received-filter', HTMLInputElement);

/** `16:15:02.318` (UTC) of an ISO timestamp. @param {unknown} iso */
export const instant = (iso) => (typeof iso === 'string' ? iso.slice(11, 23) : '—');

/** @param {string} filter @returns {(item: ReceivedWebhook) => boolean} */
const matches = (filter) => (item) =>
  filter === '' ||
  [item.id, item.event, item.body?.data?.id].some(
    (value) => typeof value === 'string' && value.includes(filter),
  );

/** @param {Reply} reply */
function showReceived(reply) {
  const result = $('received-result');
  if (!reply.ok || !Array.isArray(reply.body)) {
    result.replaceChildren(notice(`Not listed: ${errorLine(reply)}`, 'bad'));
    return;
  }
  /** @type {ReceivedWebhook[]} */
  const received = reply.body;
  const filter = filterField().value.trim();
  // Every merchant's deliveries reach this receiver: the filter keeps the ones of interest.
  const items = received.filter(matches(filter)).reverse();
  const count = `${items.length} of ${received.length} received`;
  result.replaceChildren(
    h(
      'p',
      { class: 'summary' },
      filter === '' ? `${received.length} received, newest first` : `${count}, newest first`,
    ),
    items.length === 0
      ? notice(filter === '' ? 'Nothing received yet.' : `Nothing received matches ${filter}.`)
      : table(
          'Received',
          ['Received (UTC)', 'Event', 'Envelope id', 'Resource', 'Answered', 'Read as'],
          items.slice(0, SHOWN).map((item) => [
            instant(item.receivedAt),
            item.event ?? '(no event)',
            h('span', { class: 'mono' }, item.id ?? '—'),
            h('span', { class: 'mono' }, item.body?.data?.id ?? '—'),
            pill(String(item.answeredStatus), item.answeredStatus < 400 ? 'good' : 'bad'),
            // The merchant server's parseWebhook and dedup helper (secure-checkout/server).
            item.verdict ?? '—',
          ]),
        ),
  );
}

/** What the receiver got so far (filtered as the form says). */
export async function refreshReceived() {
  const reply = await exchange($('received-exchange'), { url: here('/merchant/webhooks') });
  showReceived(reply);
  return reply;
}

/** Shows what the receiver got for one envelope id. @param {string} id */
export function showAtReceiver(id) {
  filterField().value = id;
  $('receiver-title').scrollIntoView({ block: 'start' });
  return refreshReceived();
}

/** @param {SubmitEvent} event */
async function failNext(event) {
  event.preventDefault();
  const typed = field($('failures-form', HTMLFormElement), 'count').value.trim();
  const reply = await exchange($('failures-exchange'), {
    method: 'POST',
    url: here('/merchant/webhooks/failures'),
    // Sent as typed (a number when it is one) so the receiver's validation answers.
    body: { count: /^\d+$/.test(typed) ? Number(typed) : typed },
  });
  const count = reply.body?.failNext;
  $('failures-result').replaceChildren(
    reply.ok
      ? notice(
          count === 0
            ? 'The receiver answers 200 again.'
            : `The receiver answers 500 to the next ${count} deliver${count === 1 ? 'y' : 'ies'}, whoever sends them.`,
          count === 0 ? 'good' : 'warn',
        )
      : notice(`Not set: ${errorLine(reply)}`, 'bad'),
  );
}

export function initReceiver() {
  $('failures-form').addEventListener('submit', failNext);
  $('received-form').addEventListener('submit', (event) => {
    event.preventDefault();
    refreshReceived();
  });
}
