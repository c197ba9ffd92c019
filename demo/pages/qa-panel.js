// The QA panel: the merchant's own form calling the headless engine's authenticate(), then the
// merchant server's charge and webhooks. Loads the ESM build straight from /dist/.
import { createCheckout } from '/dist/secure-checkout.mjs';
import { createCharge, loadConfig } from './demo-helpers.js';
import { clearIssues, fillCard, initForm, readForm, showIssues } from './qa-form.js';
import {
  resetOutput,
  showCharge,
  showChargePending,
  showError,
  showEvent,
  showResult,
} from './qa-output.js';
import { markPicked, showScenarios } from './qa-scenarios.js';
import { watchWebhooks } from './qa-webhooks.js';

const $ = (id) => document.getElementById(id);
const config = await loadConfig();
const webhooks = watchWebhooks();
let controller;

initForm({ publishableKey: config.publishableKey, onCardInput: markPicked });
showScenarios(config.apiUrl, (scenario) => {
  fillCard(scenario);
  markPicked(scenario.card);
});

function setRunning(running) {
  $('pay').disabled = running;
  $('pay').setAttribute('aria-busy', String(running));
  $('abort').hidden = !running;
}

async function charge(values, result) {
  showChargePending();
  const { request, cvv, installments } = values;
  const reply = await createCharge({
    amount: request.amount,
    currency: request.currency,
    card: request.card,
    cvv,
    installments,
    threeDS: result.threeDS,
    customer: { name: request.card.holderName || 'QA Shopper', email: 'qa.shopper@example.com' },
    items: [{ type: 'service', name: 'QA panel payment', quantity: 1, amount: request.amount }],
  }).catch((error) => ({ ok: false, status: 0, body: { message: error.message } }));
  showCharge(reply);
  if (reply.ok) webhooks.follow(reply.body.id);
}

$('checkout-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  if (controller) return;
  const values = readForm();
  resetOutput();
  clearIssues();
  let checkout;
  try {
    // A fresh checkout per payment, so the settings of this attempt apply.
    checkout = createCheckout({
      ...values.options,
      baseUrl: config.apiUrl,
      onEvent: showEvent,
    });
  } catch (error) {
    showError(error);
    return;
  }
  controller = new AbortController();
  setRunning(true);
  try {
    const result = await checkout.authenticate(values.request, { signal: controller.signal });
    showResult(result);
    if (result.status === 'succeeded') await charge(values, result);
  } catch (error) {
    showError(error);
    if (error?.code === 'invalid_input') showIssues(error.issues);
  } finally {
    checkout.destroy();
    controller = undefined;
    setRunning(false);
  }
});

$('abort').addEventListener('click', () => controller?.abort());
