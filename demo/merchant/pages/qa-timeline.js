// The Events card: the widget's onEvent events, live, and after the flow the 3DS calls the
// sandbox received for the authentication (its retries included, which onEvent does not report).
import { $, clockTime, h, requestJson } from './demo-helpers.js';

/** @import { CheckoutEvent } from '../../../src/index' */
/** @import { ThreeDsCall } from './sandbox-answers.js' */

/** @import { FaultSeen } from './qa-faults.js' */

/** @typedef {{ time: number, order: number, source: 'widget' | 'sandbox' | 'fault', render: () => HTMLElement }} Entry */

let startedAt = 0;
/** `{ time, order, source, render }` in arrival order; shown sorted by time. @type {Entry[]} */
let entries = [];

function render() {
  // Equal times: the sandbox's record first, since it stamps a call when answering and the
  // widget's event about that answer comes after it.
  const sorted = [...entries].sort(
    (a, b) =>
      a.time - b.time ||
      (a.source === b.source ? a.order - b.order : a.source === 'sandbox' ? -1 : 1),
  );
  $('timeline').replaceChildren(...sorted.map((entry) => entry.render()));
  $('timeline-empty').hidden = entries.length > 0;
}

/** @param {number} time */
const since = (time) => h('span', { class: 'since' }, `+${Math.max(0, time - startedAt)} ms`);

/** Back to an empty timeline for a new payment. */
export function resetTimeline() {
  startedAt = Date.now();
  entries = [];
  $('timeline-note').hidden = true;
  render();
}

/** One `onEvent` event: type, authenticationId, time. @param {CheckoutEvent} event */
export function showEvent(event) {
  const details = [
    event.authenticationId,
    event.status && `status ${event.status}`,
    event.outcome && `outcome ${event.outcome}`,
    event.code && `code ${event.code}`,
  ].filter(Boolean);
  entries.push({
    time: event.timestamp,
    order: entries.length,
    source: 'widget',
    render: () =>
      h(
        'li',
        { dataset: { type: event.type, source: 'widget' } },
        h(
          'time',
          { datetime: new Date(event.timestamp).toISOString() },
          clockTime(event.timestamp),
        ),
        h('span', { class: 'event-type' }, event.type),
        since(event.timestamp),
        details.length ? h('span', { class: 'event-detail' }, details.join(' · ')) : null,
      ),
  });
  render();
}

/**
 * An API answer a sandbox fault rule gave (its `Sandbox-Fault` header, seen by ./qa-faults.js):
 * which the widget's own events cannot tell from a real error.
 * @param {FaultSeen} fault
 */
export function showFault(fault) {
  const tone = fault.status < 300 ? 'warn' : 'bad';
  entries.push({
    time: fault.at,
    order: entries.length,
    source: 'fault',
    render: () =>
      h(
        'li',
        {
          class: 'sandbox-call',
          dataset: { type: 'fault', source: 'fault', fault: fault.faultId, status: fault.status },
        },
        h('time', { datetime: new Date(fault.at).toISOString() }, clockTime(fault.at)),
        h(
          'span',
          { class: 'event-type' },
          `fault ${fault.faultId} answered `,
          h('span', { class: 'pill', dataset: { tone } }, String(fault.status)),
        ),
        since(fault.at),
        h('span', { class: 'event-detail' }, `${fault.method} ${fault.path}: a sandbox fault rule`),
      ),
  });
  render();
}

/** @param {ThreeDsCall} call @returns {Entry} */
function callEntry(call) {
  const time = Date.parse(call.at);
  const endpoint = call.endpoint.split('/').pop();
  const tone = call.status < 300 ? 'good' : call.status >= 500 ? 'bad' : 'warn';
  return {
    time,
    order: entries.length,
    source: 'sandbox',
    render: () =>
      h(
        'li',
        {
          class: 'sandbox-call',
          dataset: { type: 'api-call', source: 'sandbox', endpoint, status: call.status },
        },
        h('time', { datetime: call.at }, clockTime(time)),
        h(
          'span',
          { class: 'event-type' },
          `POST ${call.endpoint} `,
          h('span', { class: 'pill', dataset: { tone } }, String(call.status)),
        ),
        since(time),
        h('span', { class: 'event-detail' }, 'received by the sandbox'),
      ),
  };
}

/**
 * Adds the 3DS calls the sandbox recorded for the authentication (GET /sandbox/authentications/
 * {id}, with the publishable key that started it: the helper answers only its merchant); their
 * times are the sandbox's clock.
 * @param {string} apiUrl
 * @param {string} publishableKey
 * @param {string | undefined} authenticationId
 */
export async function showSandboxCalls(apiUrl, publishableKey, authenticationId) {
  if (!authenticationId) return;
  const note = $('timeline-note');
  const reply = await requestJson(
    `${apiUrl}/sandbox/authentications/${encodeURIComponent(authenticationId)}`,
    { headers: { Authorization: `Basic ${btoa(`${publishableKey}:`)}` } },
  ).catch((error) => ({ ok: false, status: 0, body: { message: error.message } }));
  note.hidden = false;
  if (!reply.ok || !Array.isArray(reply.body?.calls)) {
    note.textContent = `The sandbox's record of the 3DS calls could not be read (HTTP ${reply.status}).`;
    return;
  }
  /** @type {{ calls: ThreeDsCall[] }} */
  const { calls } = reply.body;
  const failed = calls.filter((call) => call.status >= 500).length;
  note.textContent = `With the widget's events: the ${calls.length} 3DS ${calls.length === 1 ? 'call' : 'calls'} the sandbox received${failed ? `, ${failed} answered with a server error` : ''} (times on the sandbox's clock).`;
  for (const call of calls) entries.push(callEntry(call));
  render();
}
