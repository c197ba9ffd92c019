// QA page for the headless engine. Also the page the e2e suite drives.
import { $, widgetError } from './demo-helpers.js';

/** @import { ChallengeWindowSize, Checkout } from '../../../src/index' */
/** @import { PublicScenario } from '../../service/three-ds/scenarios' */
/** @import { DemoConfig } from './demo-helpers.js' */

/** @type {DemoConfig} */
const config = await fetch('/demo-config.json').then((r) => r.json());
/** @type {PublicScenario[]} */
const scenarios = await fetch(`${config.apiUrl}/sandbox/scenarios`).then((r) => r.json());
const scenarioSelect = $('scenario', HTMLSelectElement);

for (const scenario of scenarios) {
  scenarioSelect.append(new Option(`${scenario.name} — ${scenario.card}`, scenario.card));
}
const pick = () => {
  const scenario = scenarios.find((s) => s.card === scenarioSelect.value);
  $('number', HTMLInputElement).value = scenario?.card ?? '';
  const expected = scenario
    ? `Expected: ${scenario.expected.status}${scenario.expected.outcome ? ` / ${scenario.expected.outcome}` : ''}`
    : '';
  const action = scenario?.challengeAction
    ? ` — in the bank's window: ${scenario.challengeAction === 'approve' ? 'enter 1234' : 'enter a wrong code'}`
    : '';
  $('scenario-description').textContent = scenario
    ? `${scenario.description} ${expected}${action}`
    : '';
};
scenarioSelect.addEventListener('change', pick);
const preset = new URLSearchParams(location.search).get('card');
if (preset) scenarioSelect.value = preset;
pick();

/** @type {Checkout | undefined} */
let checkout;
// While a flow runs, the button is aria-disabled, not disabled: the challenge dialog gives the
// focus back to it when it closes, and a disabled button cannot take the focus.
let running = false;
/** @param {string} text @param {string} tone */
const show = (text, tone) => {
  $('status').textContent = text;
  $('status').dataset.tone = tone;
};

const engineForm = $('engine-form', HTMLFormElement);
engineForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  if (running) return;
  const form = new FormData(engineForm);
  /** The field's text (every name below is one of the form's fields). @param {string} name */
  const text = (name) => String(form.get(name));
  $('events').replaceChildren();
  $('result').textContent = '';
  checkout?.destroy();
  try {
    checkout = SecureCheckout.createCheckout({
      publishableKey: text('key'),
      baseUrl: config.apiUrl,
      fingerprintTimeoutMs: Number(form.get('timeout')) || undefined,
      // The select offers '' (the engine's choice) and the sizes of ChallengeWindowSize.
      challengeWindowSize: /** @type {ChallengeWindowSize | undefined} */ (
        text('size') || undefined
      ),
      locale: text('locale') || undefined,
      onEvent: (e) => {
        const item = document.createElement('li');
        item.textContent = `${new Date(e.timestamp).toISOString().slice(11, 23)}  ${e.type}${e.status ? ` ${e.status}` : ''}${e.outcome ? ` / ${e.outcome}` : ''}${e.code ? ` ${e.code}` : ''}`;
        $('events').append(item);
      },
    });
    show('Authenticating…', 'busy');
    running = true;
    $('run').setAttribute('aria-disabled', 'true');
    const result = await checkout.authenticate({
      amount: Number(form.get('amount')),
      currency: String(form.get('currency')),
      card: {
        number: String(form.get('number')),
        expirationMonth: String(form.get('month')),
        expirationYear: String(form.get('year')),
        holderName: String(form.get('holder')),
      },
    });
    show(
      `${result.status}${result.outcome ? ` / ${result.outcome}` : ''}`,
      result.status === 'succeeded' ? 'good' : 'bad',
    );
    $('result').textContent = JSON.stringify(result, null, 2);
  } catch (error) {
    const { code, statusCode, message, issues } = widgetError(error);
    show(`${code ?? 'error'}: ${message}`, 'bad');
    $('result').textContent = JSON.stringify(
      {
        code,
        statusCode,
        message,
        issues,
      },
      null,
      2,
    );
  } finally {
    running = false;
    $('run').removeAttribute('aria-disabled');
  }
});
$('destroy').addEventListener('click', () => checkout?.destroy());
// Enabled once the scenarios are listed and the form is wired (the module awaits both first).
$('run', HTMLButtonElement).disabled = false;
