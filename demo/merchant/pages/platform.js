// The Platform QA page: wallets, payout requests, sub-merchants, fees and the clock, as each
// seeded account sees them. Every action shows its request and the API's answer.
import { $, loadConfig, messageOf } from './demo-helpers.js';
import { initPayouts } from './platform-payouts.js';
import { initSession } from './platform-session.js';
import { initSubmerchants } from './platform-submerchants.js';
import { initWallets } from './platform-wallets.js';

try {
  const config = await loadConfig();
  initWallets(config.apiUrl);
  initPayouts(config.apiUrl);
  initSubmerchants(config.apiUrl);
  // Last: it enables "Log in", which tells a test the page is wired.
  initSession(config);
} catch (error) {
  $('session-state').textContent = `The page did not start: ${messageOf(error)}`;
}
