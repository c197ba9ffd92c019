// The merchant's webhook endpoints: add one (the built-in receiver a click away), list them,
// enable or disable, send a test event, change the URL or the kinds, delete.
import { $, field, h } from './demo-helpers.js';
import { api, basic } from './merchant-key.js';
import { errorLine, exchange, notice, pill, table, when } from './platform-exchange.js';
import { chosenKinds, renderKinds, wireKinds } from './webhooks-kinds.js';

/** @import { Reply } from './demo-helpers.js' */
/** @import { WebhookEndpoint } from './sandbox-answers.js' */

const ENDPOINTS = '/sandbox/webhook-endpoints';
/** @param {string} id */
const endpointUrl = (id, rest = '') => api(`${ENDPOINTS}/${encodeURIComponent(id)}${rest}`);
const editorUrl = () => $('editor-url', HTMLInputElement);
/** @type {WebhookEndpoint | undefined} */
let editing;
/** @type {(eventId: string) => Promise<unknown>} */
let openEvent = async () => {};

/** The built-in receiver of this demo origin, which the sandbox may deliver to (loopback). */
export const receiverUrl = () => new URL('/merchant/webhooks', window.location.href).href;

/** @param {unknown} events */
const kindsText = (events) =>
  Array.isArray(events) ? (events.includes('*') ? 'all (*)' : events.join(', ')) : '—';

/** @param {SubmitEvent} event */
async function add(event) {
  event.preventDefault();
  const form = $('add-form', HTMLFormElement);
  const reply = await exchange($('add-exchange'), {
    method: 'POST',
    url: api(ENDPOINTS),
    auth: basic(),
    body: {
      url: field(form, 'url').value.trim(),
      events: chosenKinds($('add-kinds')),
      enabled: field(form, 'enabled', HTMLInputElement).checked,
    },
  });
  $('add-result').replaceChildren(
    reply.ok
      ? notice(`Endpoint ${reply.body.id} added: ${kindsText(reply.body.events)}.`, 'good')
      : notice(`Not added: ${errorLine(reply)}`, 'bad'),
  );
  if (reply.ok) await listEndpoints();
}

/** @param {Reply} reply @param {HTMLElement} done */
function showAction(reply, done) {
  $('endpoint-action').replaceChildren(
    reply.ok ? done : notice(`Not done: ${errorLine(reply)}`, 'bad'),
  );
}

/** @param {WebhookEndpoint} endpoint */
async function switchEnabled(endpoint) {
  const reply = await exchange($('endpoint-action-exchange'), {
    method: 'PATCH',
    url: endpointUrl(endpoint.id),
    auth: basic(),
    body: { enabled: !endpoint.enabled },
  });
  showAction(
    reply,
    notice(`${endpoint.id} is now ${reply.body?.enabled ? 'enabled' : 'disabled'}.`, 'good'),
  );
  if (reply.ok) await listEndpoints();
}

/** @param {WebhookEndpoint} endpoint */
async function sendTest(endpoint) {
  const reply = await exchange($('endpoint-action-exchange'), {
    method: 'POST',
    url: endpointUrl(endpoint.id, '/test'),
    auth: basic(),
  });
  const eventId = reply.body?.eventId;
  const open = h('button', { type: 'button', class: 'link-button mono' }, `Open ${eventId}`);
  open.addEventListener('click', () => openEvent(eventId));
  showAction(
    reply,
    h(
      'div',
      { class: 'notice', dataset: { tone: 'good' } },
      `A webhook.test event is on its way to ${endpoint.id} alone. `,
      open,
    ),
  );
}

/** @param {WebhookEndpoint} endpoint */
async function remove(endpoint) {
  const reply = await exchange($('endpoint-action-exchange'), {
    method: 'DELETE',
    url: endpointUrl(endpoint.id),
    auth: basic(),
  });
  showAction(reply, notice(`${endpoint.id} deleted.`, 'good'));
  if (!reply.ok) return;
  if (editing?.id === endpoint.id) closeEditor();
  await listEndpoints();
}

/** @param {WebhookEndpoint} endpoint */
function openEditor(endpoint) {
  editing = endpoint;
  $('editor').hidden = false;
  $('editor-title').textContent = `Endpoint ${endpoint.id}`;
  editorUrl().value = endpoint.url;
  renderKinds($('editor-kinds'), endpoint.events ?? []);
  $('editor-result').replaceChildren();
  $('editor-exchange').hidden = true;
  $('editor-title').focus();
}

function closeEditor() {
  editing = undefined;
  $('editor').hidden = true;
}

/** Sends the kinds, and the URL when it changed. @param {SubmitEvent} event */
async function saveEditor(event) {
  event.preventDefault();
  if (editing === undefined) return;
  const url = editorUrl().value.trim();
  const reply = await exchange($('editor-exchange'), {
    method: 'PATCH',
    url: endpointUrl(editing.id),
    auth: basic(),
    body: {
      ...(url === editing.url ? {} : { url }),
      events: chosenKinds($('editor-kinds')),
    },
  });
  $('editor-result').replaceChildren(
    reply.ok
      ? notice(`Saved: ${reply.body.url} takes ${kindsText(reply.body.events)}.`, 'good')
      : notice(`Not saved: ${errorLine(reply)}`, 'bad'),
  );
  if (!reply.ok) return;
  editing = reply.body;
  await listEndpoints();
}

/** @param {WebhookEndpoint} endpoint */
function idAndActions(endpoint) {
  /** @param {string} label @param {() => void} onClick */
  const button = (label, onClick, kind = 'button secondary small') => {
    const element = h('button', { type: 'button', class: kind }, label);
    element.setAttribute('aria-label', `${label} ${endpoint.id}`);
    element.addEventListener('click', onClick);
    return element;
  };
  return h(
    'div',
    { class: 'row-head' },
    h('span', { class: 'mono' }, endpoint.id),
    h(
      'div',
      { class: 'row-actions' },
      button(endpoint.enabled ? 'Disable' : 'Enable', () => switchEnabled(endpoint)),
      button('Send test', () => sendTest(endpoint)),
      button('Edit', () => openEditor(endpoint)),
      button('Delete', () => remove(endpoint)),
    ),
  );
}

/** Lists the merchant's endpoints; its reply also says whether the key was taken. */
export async function listEndpoints() {
  const reply = await exchange($('endpoints-exchange'), { url: api(ENDPOINTS), auth: basic() });
  const result = $('endpoints-result');
  if (!reply.ok || !Array.isArray(reply.body?.data)) {
    result.replaceChildren(notice(`Not listed: ${errorLine(reply)}`, 'bad'));
    return reply;
  }
  /** @type {{ data: WebhookEndpoint[] }} */
  const { data } = reply.body;
  result.replaceChildren(
    data.length === 0
      ? notice('No endpoint yet: add one above.')
      : table(
          'Endpoints',
          ['Endpoint', 'URL', 'Kinds', 'Status', 'Updated'],
          data.map((e) => [
            idAndActions(e),
            h('span', { class: 'mono wrap' }, e.url),
            h('span', { class: 'wrap' }, kindsText(e.events)),
            pill(e.enabled ? 'enabled' : 'disabled', e.enabled ? 'good' : 'neutral'),
            when(e.updatedAt),
          ]),
        ),
  );
  return reply;
}

/** A new merchant: the endpoint being edited is another merchant's. */
export function resetEndpoints() {
  closeEditor();
  $('endpoint-action').replaceChildren();
  $('endpoint-action-exchange').hidden = true;
}

/**
 * Wires the forms; `open(eventId)` opens an event (the test event just sent).
 * @param {{ open: (eventId: string) => Promise<unknown> }} hooks
 */
export function initEndpoints({ open }) {
  openEvent = open;
  $('receiver-url').textContent = receiverUrl();
  $('add-receiver').addEventListener('click', () => {
    const url = $('add-url', HTMLInputElement);
    url.value = receiverUrl();
    url.focus();
  });
  wireKinds($('add-kinds'));
  wireKinds($('editor-kinds'));
  $('add-form').addEventListener('submit', add);
  $('editor-form').addEventListener('submit', saveEditor);
  $('editor-close').addEventListener('click', closeEditor);
  $('endpoints-refresh').addEventListener('click', listEndpoints);
}
