// Whose sandbox the Subscriptions page acts on (a secret key), and that merchant's clock.
import { h } from './demo-helpers.js';
import { errorLine, exchange, notice, table, when } from './platform-exchange.js';

const $ = (id) => document.getElementById(id);
let apiUrl = '';

/** An API URL of `path` (`/v1/subscriptions?…`). */
export const api = (path) => `${apiUrl}${path}`;

/** `Authorization` of every operation here: the secret key field, as `base64(key:)`. */
export function basic() {
  const key = $('secret-key').value.trim();
  return key === '' ? undefined : `Basic ${btoa(`${key}:`)}`;
}

const plural = (count, word) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The counts of events an advance's due work recorded: `{ "subscription.renewed": 2, … }`. */
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

/** The seeded merchants that have a secret key, from /demo-config.json. */
function fillMerchants(config) {
  const logins = (config.accounts?.logins ?? []).filter((l) => typeof l.secretKey === 'string');
  const select = $('merchant-select');
  select.replaceChildren(
    ...logins.map((l) => h('option', { value: l.secretKey }, `${l.label} · ${l.secretKey}`)),
    h('option', { value: '' }, 'Another key (type it)'),
  );
  const current = $('secret-key').value.trim();
  select.value = logins.some((l) => l.secretKey === current) ? current : '';
  return logins;
}

/**
 * Wires the merchant form and the clock. `load` lists the merchant's plans and subscriptions;
 * `afterAdvance` refreshes what the advance may have changed.
 */
export function initMerchant(config, { load, afterAdvance }) {
  apiUrl = config.apiUrl;
  const logins = fillMerchants(config);
  const nameOf = (key) => logins.find((l) => l.secretKey === key)?.label ?? 'the typed key';
  const apply = async () => {
    const key = $('secret-key').value.trim();
    $('merchant-state').textContent = `Loading ${nameOf(key)}…`;
    const [clock] = await Promise.all([readClock(), load()]);
    $('merchant-state').textContent = clock.ok
      ? `Acting as ${nameOf(key)} (${key})`
      : `Key refused: ${errorLine(clock)}`;
  };
  $('merchant-select').addEventListener('change', (event) => {
    if (event.currentTarget.value === '') {
      $('secret-key').focus();
      return;
    }
    $('secret-key').value = event.currentTarget.value;
    apply();
  });
  $('secret-key').addEventListener('input', () => {
    const key = $('secret-key').value.trim();
    $('merchant-select').value = logins.some((l) => l.secretKey === key) ? key : '';
  });
  $('merchant-form').addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  $('clock-read').addEventListener('click', readClock);
  $('clock-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const typed = event.currentTarget.elements.days.value;
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
  // Last, once the default merchant is shown: "Use this key" enabled tells a test the page is ready.
  return apply().then(() => {
    $('merchant-load').disabled = false;
  });
}
