// Settings → API latency: the sandbox's default delay of every API response (PUT /sandbox/latency).
// The widget calls the API itself and cannot send X-Sandbox-Latency-Ms, so the knob is the
// sandbox's, and it applies to everyone using this sandbox.
import { $, requestJson } from './demo-helpers.js';

const latencyField = () => $('latency', HTMLInputElement);

/** @param {string} text @param {string} [tone] */
function say(text, tone) {
  const status = $('latency-status');
  status.textContent = text;
  if (tone) status.dataset.tone = tone;
  else delete status.dataset.tone;
}

/** @param {number} ms */
const latencyText = (ms) =>
  ms === 0
    ? 'API responses are not delayed.'
    : `Every API response waits ${ms} ms, for everyone using this sandbox.`;

/** @param {string} apiUrl */
async function apply(apiUrl) {
  const ms = Number(latencyField().value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 10_000) {
    say('Enter whole milliseconds from 0 to 10000.', 'bad');
    return;
  }
  const reply = await requestJson(`${apiUrl}/sandbox/latency`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ms }),
  }).catch((error) => ({ ok: false, status: 0, body: { message: error.message } }));
  if (!reply.ok) {
    say(`Not changed: ${reply.body?.message ?? `HTTP ${reply.status}`}`, 'bad');
    return;
  }
  latencyField().value = String(reply.body.ms);
  say(latencyText(reply.body.ms));
}

/** Reads the current latency and wires the Apply button (and Enter in the field). @param {string} apiUrl */
export async function initLatency(apiUrl) {
  $('latency-apply').addEventListener('click', () => apply(apiUrl));
  // Enter sets the latency; it must not submit the payment form around it.
  latencyField().addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply(apiUrl);
  });
  const reply = await requestJson(`${apiUrl}/sandbox/latency`).catch(() => ({
    ok: false,
    status: 0,
    body: null,
  }));
  if (!reply.ok) {
    say('The sandbox latency could not be read.', 'bad');
    return;
  }
  latencyField().value = String(reply.body.ms);
  say(latencyText(reply.body.ms));
}
