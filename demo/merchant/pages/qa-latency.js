// Settings → API latency: the delay this merchant's API requests meet (PUT /sandbox/latency, with
// its secret key: through the merchant server, /merchant/latency). The widget calls the API
// itself and cannot send X-Sandbox-Latency-Ms, so the knob is the merchant's: its publishable
// key's 3DS calls wait too, and no other merchant's requests do.
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
    : `This merchant's API requests wait ${ms} ms (no other merchant's).`;

async function apply() {
  const ms = Number(latencyField().value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 10_000) {
    say('Enter whole milliseconds from 0 to 10000.', 'bad');
    return;
  }
  const reply = await requestJson('/merchant/latency', {
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

/** Reads the current latency and wires the Apply button (and Enter in the field). */
export async function initLatency() {
  $('latency-apply').addEventListener('click', () => apply());
  // Enter sets the latency; it must not submit the payment form around it.
  latencyField().addEventListener('keydown', (event) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    apply();
  });
  const reply = await requestJson('/merchant/latency').catch(() => ({
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
