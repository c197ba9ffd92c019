// The merchant's stored events (`GET /sandbox/events`) with filters and paging; each opens.
import { h } from './demo-helpers.js';
import { api, basic } from './merchant-key.js';
import { errorLine, exchange, notice, pager, pill, queryOf, table } from './platform-exchange.js';
import { openEvent } from './webhooks-event.js';
import { instant } from './webhooks-receiver.js';

const $ = (id) => document.getElementById(id);

export const toneOfEvent = (event) => {
  if (/\.(paid|renewed|activated|approved)$/.test(event)) return 'good';
  if (/\.(payment_failed|rejected)$/.test(event)) return 'bad';
  if (/\.(refunded|cancelled|expired|updated)$/.test(event)) return 'warn';
  return 'neutral';
};

function openButton(id) {
  const button = h('button', { type: 'button', class: 'link-button mono' }, id);
  button.setAttribute('aria-label', `Open ${id}`);
  button.addEventListener('click', () => openEvent(id));
  return button;
}

function showList(form, reply) {
  const result = $('events-result');
  if (!reply.ok || !Array.isArray(reply.body?.data)) {
    result.replaceChildren(notice(`Not listed: ${errorLine(reply)}`, 'bad'));
    return;
  }
  const { data, meta } = reply.body;
  const total = meta?.total ?? data.length;
  result.replaceChildren(
    h(
      'p',
      { class: 'summary' },
      `${total} event${total === 1 ? '' : 's'} · page ${meta?.page ?? 1} of ${meta?.totalPages ?? 1}, newest first`,
    ),
    data.length === 0
      ? notice('No event matches.')
      : table(
          'Events',
          ['Event id', 'Event', 'Resource', 'Recorded (UTC)'],
          data.map((e) => [
            openButton(e.id),
            pill(e.event, toneOfEvent(e.event)),
            h(
              'span',
              { class: 'two-lines' },
              h('span', { class: 'mono' }, e.resourceId ?? '—'),
              h('span', { class: 'muted' }, e.resourceType ?? ''),
            ),
            `${String(e.createdAt ?? '').slice(0, 10)} ${instant(e.createdAt)}`,
          ]),
        ),
    pager(form, meta?.page ?? 1, meta?.totalPages ?? 1),
  );
}

/** Lists the events with the form's filters. */
export async function listEvents() {
  const form = $('events-form');
  const reply = await exchange($('events-exchange'), {
    url: api(`/sandbox/events${queryOf(form)}`),
    auth: basic(),
  });
  showList(form, reply);
  return reply;
}

/** One resource's events, from the first page (e.g. the charge just made). */
export function listEventsOf(resourceId) {
  const form = $('events-form');
  form.elements.event.value = '';
  form.elements.resourceType.value = '';
  form.elements.resourceId.value = resourceId;
  form.elements.page.value = '1';
  return listEvents();
}

export function initEvents() {
  $('events-form').addEventListener('submit', (event) => {
    event.preventDefault();
    listEvents();
  });
}
