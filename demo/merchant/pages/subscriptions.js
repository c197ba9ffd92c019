// The Subscriptions QA page: plans, subscriptions on test cards, and the merchant's clock that
// renews them, with a merchant's secret key. Every action shows its request and the API's answer.
import { $, loadConfig, messageOf } from './demo-helpers.js';
import { closeDetail, initDetail } from './subscriptions-detail.js';
import {
  initSubscriptions,
  listSubscriptions,
  refreshSubscriptions,
} from './subscriptions-list.js';
import { initMerchant } from './subscriptions-merchant.js';
import { initPlans, listPlans } from './subscriptions-plans.js';

try {
  const config = await loadConfig();
  initPlans({ changed: refreshSubscriptions });
  initSubscriptions({ changed: listPlans });
  initDetail({ changed: refreshSubscriptions });
  // Last: it lists the default merchant's plans and subscriptions, then enables "Use this key".
  await initMerchant(config, {
    load: () => {
      closeDetail();
      $('plan-status').hidden = true;
      return Promise.all([listPlans(), listSubscriptions()]);
    },
    afterAdvance: () => Promise.all([refreshSubscriptions(), listPlans()]),
  });
} catch (error) {
  $('merchant-state').textContent = `The page did not start: ${messageOf(error)}`;
}
