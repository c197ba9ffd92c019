// One event: its envelope, each delivery (endpoint, postback or payout channel) with every
// attempt, a refresh (or following it each second) to watch the retries, and a resend.
import { $, h } from './demo-helpers.js';
import { api, basic } from './merchant-key.js';
import { errorLine, exchange, notice, pill, table } from './platform-exchange.js';
import { instant, showAtReceiver } from './webhooks-receiver.js';

/** @import { Child, Reply } from './demo-helpers.js' */
/** @import { Delivery, EventDetail } from './sandbox-answers.js' */

const FOLLOW_MS = 1000;
/** The open event's id. @type {string | undefined} */
let open;
/** @type {ReturnType<typeof setTimeout> | undefined} */
let timer;
/** Requests made: only the latest one's answer is shown. */
let loads = 0;
/** @type {() => Promise<unknown>} */
let onResent = async () => {};

/** @type {Record<string, string>} */
const TONES = { delivered: 'good', failed: 'bad', queued: 'warn' };
/** @param {string} id */
const eventUrl = (id, rest = '') => api(`/sandbox/events/${encodeURIComponent(id)}${rest}`);
/** @param {unknown} iso */
const stamp = (iso) => (typeof iso === 'string' ? `${iso.slice(0, 10)} ${instant(iso)}` : '—');
/** @param {string} term @param {Child} value */
const fact = (term, value) => h('div', {}, h('dt', {}, term), h('dd', {}, value));
/** @param {string | null | undefined} text */
const mono = (text) => h('span', { class: 'mono' }, text ?? '—');

/** @param {Delivery} delivery */
function attemptsTable(delivery) {
  const log = Array.isArray(delivery.attemptLog) ? delivery.attemptLog : [];
  if (log.length === 0) return notice('No attempt yet.');
  return table(
    `Attempts of ${delivery.id}`,
    ['Attempt', 'Status', 'Delivered', 'Duration', 'Error', 'At (UTC)'],
    log.map((a) => [
      String(a.attempt),
      pill(
        a.status === null || a.status === undefined ? 'no answer' : String(a.status),
        a.delivered ? 'good' : 'bad',
      ),
      a.delivered ? 'yes' : 'no',
      typeof a.durationMs === 'number' ? `${a.durationMs} ms` : '—',
      h('span', { class: 'wrap' }, a.error ?? '—'),
      instant(a.at),
    ]),
  );
}

/** @param {Delivery} d */
function deliveryBlock(d) {
  return h(
    'div',
    { class: 'delivery', dataset: { delivery: d.id, status: d.status, channel: d.channel } },
    h(
      'dl',
      { class: 'facts', 'aria-label': `Delivery ${d.id}` },
      fact('Delivery', mono(d.id)),
      fact('Channel', d.channel ?? '—'),
      fact('Endpoint', mono(d.endpointId ?? '— (none)')),
      fact('Status', pill(d.status, TONES[d.status] ?? 'neutral')),
      fact('Attempts', `${d.attempts ?? '—'} of ${d.maxAttempts ?? '—'}`),
      fact('Next attempt (UTC)', stamp(d.nextAttemptAt)),
      h('div', { class: 'wide' }, h('dt', {}, 'URL'), h('dd', {}, mono(d.url))),
    ),
    attemptsTable(d),
  );
}

/** @param {Delivery[]} list @param {string} status */
const count = (list, status) => list.filter((d) => d.status === status).length;

/** @param {Delivery[]} deliveries */
function summary(deliveries) {
  if (deliveries.length === 0) return 'No delivery.';
  const parts = ['delivered', 'queued', 'failed']
    .map((status) => /** @type {const} */ ([status, count(deliveries, status)]))
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${status}`);
  return `${deliveries.length} deliver${deliveries.length === 1 ? 'y' : 'ies'}: ${parts.join(', ')}.`;
}

/** @param {Reply} reply @returns {Delivery[]} */
function show(reply) {
  if (!reply.ok || typeof reply.body !== 'object') {
    $('event-facts').replaceChildren(notice(`Not shown: ${errorLine(reply)}`, 'bad'));
    $('deliveries-result').replaceChildren();
    return [];
  }
  /** @type {EventDetail} */
  const e = reply.body;
  const deliveries = Array.isArray(e.deliveries) ? e.deliveries : [];
  $('event-facts').replaceChildren(
    h(
      'dl',
      { class: 'facts', 'aria-label': `Event ${e.id}` },
      fact('Event', pill(e.event, 'neutral')),
      fact('Resource', h('span', {}, mono(e.resourceId), ` ${e.resourceType ?? ''}`)),
      fact('Recorded (UTC)', stamp(e.createdAt)),
      fact('Envelope id', mono(e.envelope?.id)),
    ),
  );
  $('event-envelope').textContent = JSON.stringify(e.envelope ?? null, null, 2);
  const state = summary(deliveries);
  // Said again only when it changed, as a follow refreshes every second.
  if ($('deliveries-state').textContent !== state) $('deliveries-state').textContent = state;
  $('deliveries-result').replaceChildren(
    ...(deliveries.length === 0
      ? [notice('No enabled endpoint takes this kind, and it had no postbackUrl.')]
      : deliveries.map(deliveryBlock)),
  );
  return deliveries;
}

function stopFollowing() {
  clearTimeout(timer);
  timer = undefined;
}

/** The open event again; while following, again a second later as long as one is queued. */
export async function reloadEvent() {
  if (open === undefined) return;
  stopFollowing();
  const load = ++loads;
  const reply = await exchange($('event-exchange'), { url: eventUrl(open), auth: basic() });
  if (load !== loads) return;
  const deliveries = show(reply);
  if ($('event-follow', HTMLInputElement).checked && count(deliveries, 'queued') > 0) {
    timer = setTimeout(reloadEvent, FOLLOW_MS);
  }
}

/** @param {string} id */
export function openEvent(id) {
  stopFollowing();
  open = id;
  $('event').hidden = false;
  $('event-title').textContent = `Event ${id}`;
  $('event-envelope').textContent = '';
  $('deliveries-state').textContent = '';
  $('resend-result').replaceChildren();
  $('resend-exchange').hidden = true;
  $('event-title').focus();
  return reloadEvent();
}

async function resend() {
  if (open === undefined) return;
  const reply = await exchange($('resend-exchange'), {
    method: 'POST',
    url: eventUrl(open, '/resend'),
    auth: basic(),
  });
  const queued = reply.body?.deliveries;
  const n = Array.isArray(queued) ? queued.length : queued;
  $('resend-result').replaceChildren(
    reply.ok
      ? notice(
          `Resent ${reply.body.eventId}: ${n ?? '?'} new deliver${n === 1 ? 'y' : 'ies'} (the envelope keeps its id).`,
          n === 0 ? 'warn' : 'good',
        )
      : notice(`Not resent: ${errorLine(reply)}`, 'bad'),
  );
  if (!reply.ok) return;
  await Promise.all([reloadEvent(), onResent()]);
}

/** A new merchant: the open event is another merchant's. */
export function closeEvent() {
  stopFollowing();
  loads++;
  open = undefined;
  $('event').hidden = true;
}

/**
 * Wires the detail; `resent` runs after a resend (e.g. the receiver's list again).
 * @param {{ resent: () => Promise<unknown> }} hooks
 */
export function initEvent({ resent }) {
  onResent = resent;
  $('event-refresh').addEventListener('click', reloadEvent);
  $('event-resend').addEventListener('click', resend);
  $('event-receiver').addEventListener('click', () => {
    const id = JSON.parse($('event-envelope').textContent || 'null')?.id ?? open;
    if (id !== undefined) showAtReceiver(id);
  });
  const follow = $('event-follow', HTMLInputElement);
  follow.addEventListener('change', () => {
    if (follow.checked) reloadEvent();
    else stopFollowing();
  });
}
