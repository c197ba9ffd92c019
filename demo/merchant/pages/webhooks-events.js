// The merchant's stored events (`GET /sandbox/events`) with filters and paging; each opens.
import { $, field, h } from './demo-helpers.js';
import { api, basic } from './merchant-key.js';
import { errorLine, exchange, notice, pager, pill, queryOf, table } from './platform-exchange.js';
import { openEvent } from './webhooks-event.js';
import { instant } from './webhooks-receiver.js';

/** @import { Reply } from './demo-helpers.js' */
/** @import { MetaPage, SandboxEvent } from './sandbox-answers.js' */

const eventsForm = () => $('events-form', HTMLFormElement);

/** @param {string} event */
export const toneOfEvent = (event) => {
  if (/\.(paid|renewed|activated|approved)$/.test(event)) return 'good';
  if (/\.(payment_failed|rejected)$/.test(event)) return 'bad';
  if (/\.(refunded|cancelled|expired|updated)$/.test(event)) return 'warn';
  return 'neutral';
};

/** @param {string} id */
function openButton(id) {
  const button = h('button', { type: 'button', class: 'link-button mono' }, id);
  button.setAttribute('aria-label', `Open ${id}`);
  button.addEventListener('click', () => openEvent(id));
  return button;
}

/** @param {HTMLFormElement} form @param {Reply} reply */
function showList(form, reply) {
  const result = $('events-result');
  if (!reply.ok || !Array.isArray(reply.body?.data)) {
    result.replaceChildren(notice(`Not listed: ${errorLine(reply)}`, 'bad'));
    return;
  }
  /** @type {Partial<MetaPage<SandboxEvent>> & { data: SandboxEvent[] }} */
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
  const form = eventsForm();
  const reply = await exchange($('events-exchange'), {
    url: api(`/sandbox/events${queryOf(form)}`),
    auth: basic(),
  });
  showList(form, reply);
  return reply;
}

/** One resource's events, from the first page (e.g. the charge just made). @param {string} resourceId */
export function listEventsOf(resourceId) {
  const form = eventsForm();
  field(form, 'event').value = '';
  field(form, 'resourceType').value = '';
  field(form, 'resourceId').value = resourceId;
  field(form, 'page').value = '1';
  return listEvents();
}

export function initEvents() {
  eventsForm().addEventListener('submit', (event) => {
    event.preventDefault();
    listEvents();
  });
}
