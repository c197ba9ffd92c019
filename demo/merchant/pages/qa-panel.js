// The QA panel: the merchant's own form calling the headless engine's authenticate(), then the
// merchant server's charge and webhooks. Loads the ESM build straight from /dist/.
import { createCheckout } from '/dist/secure-checkout.mjs';
import {
  $,
  cardPaymentMethod,
  createCharge,
  loadCatalogue,
  loadConfig,
  onPay,
  widgetError,
} from './demo-helpers.js';
import { watchFaults } from './qa-faults.js';
import { clearIssues, fillCard, initForm, readForm, showIssues } from './qa-form.js';
import { initLatency } from './qa-latency.js';
import { markApiLog, resetApiLog, showApiLog, showNothingSent } from './qa-merchant-log.js';
import { resetOutput, showCharge, showChargePending, showError, showResult } from './qa-output.js';
import { markPicked, showScenarios } from './qa-scenarios.js';
import { showEvent, showFault, showSandboxCalls } from './qa-timeline.js';
import { watchWebhooks } from './qa-webhooks.js';

/** @import { AuthenticationResult, Checkout } from '../../../src/index' */

const [config, catalogue] = await Promise.all([loadConfig(), loadCatalogue()]);
const webhooks = watchWebhooks();
watchFaults(config.apiUrl, showFault);
/** @type {AbortController | undefined} */
let controller;

initForm({ publishableKey: config.publishableKey, onCardInput: markPicked, catalogue });
initLatency();
showScenarios(config.apiUrl, (scenario) => {
  fillCard(scenario);
  markPicked(scenario.card);
});

/** @param {boolean} running */
function setRunning(running) {
  $('pay', HTMLButtonElement).disabled = running;
  $('pay').setAttribute('aria-busy', String(running));
  $('abort').hidden = !running;
}

/**
 * The merchant server prices the cart and adds the signed-in shopper (the demo's Ana Souza), the
 * secret key and the postbackUrl; the page sends only the cart and the card with its threeDS.
 * @param {ReturnType<typeof readForm>} values
 * @param {AuthenticationResult} result
 */
async function charge(values, result) {
  showChargePending();
  const mark = await markApiLog();
  const reply = await createCharge({
    cart: values.cart,
    paymentMethod: cardPaymentMethod({
      ...values,
      card: values.request.card,
      threeDS: result.threeDS,
    }),
  }).catch((error) => ({ ok: false, status: 0, body: { message: error.message } }));
  showCharge(reply);
  await showApiLog(mark, reply.ok ? reply.body.id : undefined);
  if (reply.ok) webhooks.follow(reply.body.id);
}

onPay($('checkout-form', HTMLFormElement), async (event) => {
  event.preventDefault();
  if (controller) return;
  const values = readForm();
  resetOutput();
  resetApiLog();
  clearIssues();
  /** @type {Checkout} */
  let checkout;
  /** @type {string | undefined} */
  let authenticationId;
  try {
    // A fresh checkout per payment, so the settings of this attempt apply.
    checkout = createCheckout({
      ...values.options,
      baseUrl: config.apiUrl,
      onEvent: (event) => {
        authenticationId = event.authenticationId ?? authenticationId;
        showEvent(event);
      },
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
    await showSandboxCalls(config.apiUrl, values.options.publishableKey, result.authenticationId);
    if (result.status === 'succeeded') await charge(values, result);
    else showNothingSent();
  } catch (error) {
    showError(error);
    showNothingSent();
    const { code, issues } = widgetError(error);
    if (code === 'invalid_input') showIssues(issues);
    await showSandboxCalls(config.apiUrl, values.options.publishableKey, authenticationId);
  } finally {
    checkout.destroy();
    controller = undefined;
    setRunning(false);
  }
});

$('abort').addEventListener('click', () => controller?.abort());
