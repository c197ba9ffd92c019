// The Faults QA page: a merchant's fault rules (add, list with hits, delete one or all) and a
// charge to meet them, with a merchant's secret key. Every action shows its request and answer.
import { $, loadConfig, messageOf } from './demo-helpers.js';
import { initCheck } from './faults-check.js';
import { initFaults, listFaults, resetFaults } from './faults-rules.js';
import { initMerchantKey } from './merchant-key.js';

try {
  const config = await loadConfig();
  initFaults();
  initCheck({ charged: listFaults });
  // Last: it lists the default merchant's rules, then enables "Use this key".
  await initMerchantKey(config, {
    check: listFaults,
    load: async () => resetFaults(),
  });
} catch (error) {
  $('merchant-state').textContent = `The page did not start: ${messageOf(error)}`;
}
