// The Webhooks QA page, the merchant's dashboard: its endpoints, its events and each delivery's
// attempts, the demo's receiver (which can be told to fail), with a merchant's secret key.
// Every action shows its request and the answer.
import { $, loadConfig, messageOf } from './demo-helpers.js';
import { initMerchantKey } from './merchant-key.js';
import { initCharge } from './webhooks-charge.js';
import { initEndpoints, listEndpoints, resetEndpoints } from './webhooks-endpoints.js';
import { closeEvent, initEvent, openEvent } from './webhooks-event.js';
import { initEvents, listEvents, listEventsOf } from './webhooks-events.js';
import { loadKinds } from './webhooks-kinds.js';
import { initReceiver, refreshReceived } from './webhooks-receiver.js';

try {
  const config = await loadConfig();
  initReceiver();
  initEndpoints({ open: openEvent });
  initEvents();
  initEvent({ resent: refreshReceived });
  initCharge({ charged: listEventsOf });
  // Last: it shows the default merchant's endpoints and events, then enables "Use this key".
  await initMerchantKey(config, {
    check: listEndpoints,
    load: () => {
      closeEvent();
      resetEndpoints();
      return Promise.all([loadKinds(), listEvents(), refreshReceived()]);
    },
  });
} catch (error) {
  $('merchant-state').textContent = `The page did not start: ${messageOf(error)}`;
}
