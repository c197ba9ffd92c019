// Whose sandbox the Subscriptions page acts on (a secret key), and that merchant's clock.
import { $, field, h } from './demo-helpers.js';
import { api, basic, initMerchantKey } from './merchant-key.js';
import { errorLine, exchange, notice, table, when } from './platform-exchange.js';

/** @import { DemoConfig, Reply } from './demo-helpers.js' */

export { api, basic } from './merchant-key.js';

/** @param {number} count @param {string} word */
const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The counts of events an advance's due work recorded: `{ "subscription.renewed": 2, … }`.
 * @param {Record<string, number> | undefined} events
 */
function eventCounts(events) {
  if (events === undefined) return notice('The answer has no events field.', 'warn');
  const rows = Object.entries(events ?? {});
  if (rows.length === 0) return notice('The advance recorded no event: nothing fell due.');
  return table(
    'Events the advance recorded',
    ['Event', 'Count'],
    rows.map(([event, count]) => [event, String(count)]),
  );
}

/** @param {Reply} reply @param {boolean} advanced */
function showClock(reply, advanced) {
  const result = $('clock-result');
  if (!reply.ok || typeof reply.body !== 'object') {
    result.replaceChildren(notice(`Not shown: ${errorLine(reply)}`, 'bad'));
    return;
  }
  const { now, offsetDays, events } = reply.body;
  result.replaceChildren(
    h(
      'p',
      { class: 'notice', dataset: { tone: 'good' } },
      `Merchant clock: ${when(now)} UTC, ${plural(offsetDays, 'day')} ahead.`,
    ),
    ...(advanced ? [eventCounts(events)] : []),
  );
}

export async function readClock() {
  const reply = await exchange($('clock-exchange'), { url: api('/sandbox/clock'), auth: basic() });
  showClock(reply, false);
  return reply;
}

/**
 * Wires the merchant form and the clock. `load` lists the merchant's plans and subscriptions;
 * `afterAdvance` refreshes what the advance may have changed.
 * @param {DemoConfig} config
 * @param {{ load: () => Promise<unknown>, afterAdvance: () => Promise<unknown> }} actions
 */
export function initMerchant(config, { load, afterAdvance }) {
  $('clock-read').addEventListener('click', readClock);
  const clockForm = $('clock-form', HTMLFormElement);
  clockForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const typed = field(clockForm, 'days').value;
    const days = Number(typed);
    const reply = await exchange($('clock-exchange'), {
      method: 'POST',
      url: api('/sandbox/clock/advance'),
      auth: basic(),
      // Sent as typed (a number when it is one) so the API's own validation answers.
      body: { days: typed.trim() !== '' && Number.isFinite(days) ? days : typed },
    });
    showClock(reply, true);
    if (reply.ok) await afterAdvance();
  });
  // Last: the default merchant shown, "Use this key" enabled tells a test the page is ready.
  return initMerchantKey(config, { check: readClock, load });
}
