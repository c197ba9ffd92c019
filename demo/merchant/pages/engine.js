// QA page for the headless engine. Also the page the e2e suite drives.
const $ = (id) => document.getElementById(id);
const config = await fetch('/demo-config.json').then((r) => r.json());
const scenarios = await fetch(`${config.apiUrl}/sandbox/scenarios`).then((r) => r.json());

for (const scenario of scenarios) {
  $('scenario').append(new Option(`${scenario.name} — ${scenario.card}`, scenario.card));
}
const pick = () => {
  const scenario = scenarios.find((s) => s.card === $('scenario').value);
  $('number').value = scenario?.card ?? '';
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
$('scenario').addEventListener('change', pick);
const preset = new URLSearchParams(location.search).get('card');
if (preset) $('scenario').value = preset;
pick();

let checkout;
// While a flow runs, the button is aria-disabled, not disabled: the challenge dialog gives the
// focus back to it when it closes, and a disabled button cannot take the focus.
let running = false;
const show = (text, tone) => {
  $('status').textContent = text;
  $('status').dataset.tone = tone;
};

$('engine-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  if (running) return;
  const form = new FormData(event.currentTarget);
  $('events').replaceChildren();
  $('result').textContent = '';
  checkout?.destroy();
  try {
    checkout = SecureCheckout.createCheckout({
      publishableKey: form.get('key'),
      baseUrl: config.apiUrl,
      fingerprintTimeoutMs: Number(form.get('timeout')) || undefined,
      challengeWindowSize: form.get('size') || undefined,
      locale: form.get('locale') || undefined,
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
    show(`${error.code ?? 'error'}: ${error.message}`, 'bad');
    $('result').textContent = JSON.stringify(
      {
        code: error.code,
        statusCode: error.statusCode,
        message: error.message,
        issues: error.issues,
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
$('run').disabled = false;
