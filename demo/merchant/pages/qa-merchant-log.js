// "What the merchant server sent": the API calls the demo's merchant server made for this payment,
// from its GET /merchant/api-log (card number: last 4 digits; CVV: ***).
import { $, clockTime, h, requestJson } from './demo-helpers.js';

/** @import { ApiLogEntry } from './sandbox-answers.js' */

/** @returns {Promise<ApiLogEntry[]>} */
const readLog = () =>
  requestJson('/merchant/api-log', { cache: 'no-store' }).then((reply) =>
    reply.ok && Array.isArray(reply.body) ? reply.body : [],
  );

/** The newest entry's number now, so that what a payment adds can be told apart. */
export async function markApiLog() {
  const log = await readLog().catch(() => []);
  return log.at(-1)?.seq ?? 0;
}

export function resetApiLog() {
  $('merchant-sent').replaceChildren();
  $('merchant-sent-note').textContent =
    'The calls the merchant server makes for the next charge appear here.';
}

/** No charge was attempted (the authentication did not succeed or rejected). */
export function showNothingSent() {
  $('merchant-sent').replaceChildren();
  $('merchant-sent-note').textContent =
    'No charge was attempted, so the merchant server sent nothing.';
}

/** @param {ApiLogEntry} entry */
function entryView(entry) {
  const tone = entry.status < 300 ? 'good' : entry.status >= 500 ? 'bad' : 'warn';
  return h(
    'li',
    {
      dataset: {
        path: entry.path,
        status: entry.status,
        ...(entry.faultId ? { fault: entry.faultId } : {}),
      },
    },
    h(
      'p',
      { class: 'sent-head' },
      h('span', { class: 'event-type' }, `${entry.method} ${entry.path}`),
      h('span', { class: 'pill', dataset: { tone } }, `answered ${entry.status}`),
      // The sandbox's header: a rule of the faults page answered, not the operation.
      entry.faultId
        ? h('span', { class: 'pill', dataset: { tone: 'bad' } }, `fault ${entry.faultId} answered`)
        : null,
      h('time', { datetime: entry.at }, clockTime(entry.at)),
    ),
    entry.body === undefined
      ? null
      : h('pre', { class: 'code' }, JSON.stringify(entry.body, null, 2)),
  );
}

/**
 * Shows the calls made since `mark` (or, when another user's calls interleave, this charge's).
 * @param {number} mark
 * @param {string} [chargeId]
 */
export async function showApiLog(mark, chargeId) {
  const log = await readLog().catch(() => undefined);
  const note = $('merchant-sent-note');
  if (log === undefined) {
    note.textContent = 'The merchant server’s log could not be read.';
    return;
  }
  const mine = chargeId
    ? log.filter((entry) => entry.chargeId === chargeId)
    : log.filter((entry) => entry.seq > mark);
  $('merchant-sent').replaceChildren(...mine.map(entryView));
  note.textContent = mine.length
    ? 'Priced from its catalogue, with its customer and postbackUrl; sent with the secret key (not shown). Card number and CVV are masked in this log.'
    : 'The merchant server sent nothing to the API: it refused the request itself (see the charge error).';
}
