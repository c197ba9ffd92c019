// Wallets (Bearer) and the merchant's sandbox clock (secret key).
import { $, field, h } from './demo-helpers.js';
import { errorLine, exchange, money, notice, queryOf, table, when } from './platform-exchange.js';
import { basic, bearer } from './platform-session.js';

/** @import { Wallet } from '../../../src/server/api-types' */
/** @import { Reply } from './demo-helpers.js' */

/** @param {Reply} reply */
function showWallets(reply) {
  const result = $('wallets-result');
  if (!reply.ok || !Array.isArray(reply.body)) {
    result.replaceChildren(notice(`Not shown: ${errorLine(reply)}`, 'bad'));
    return;
  }
  /** @type {Wallet[]} */
  const wallets = reply.body;
  if (wallets.length === 0) {
    result.replaceChildren(notice('No wallet in that currency.'));
    return;
  }
  result.replaceChildren(
    table(
      'Wallets',
      [
        'Currency',
        'Available',
        'Pending',
        'Reserved',
        'USD available',
        'USD pending',
        'USD reserved',
        'Withdrawals',
      ],
      wallets.map((w) => [
        w.currency,
        money(w.balance?.available, w.currency),
        money(w.balance?.pending, w.currency),
        money(w.balance?.reserved, w.currency),
        money(w.usdBalance?.available, 'USD'),
        money(w.usdBalance?.pending, 'USD'),
        money(w.usdBalance?.reserved, 'USD'),
        w.isWithdrawalEnabled ? 'enabled' : 'disabled',
      ]),
    ),
  );
}

/** @param {Reply} reply */
function showClock(reply) {
  const result = $('clock-result');
  if (!reply.ok || typeof reply.body !== 'object') {
    result.replaceChildren(notice(`Not shown: ${errorLine(reply)}`, 'bad'));
    return;
  }
  const { now, offsetDays } = reply.body;
  result.replaceChildren(
    h(
      'p',
      { class: 'notice', dataset: { tone: 'good' } },
      `Merchant clock: ${when(now)} UTC, ${offsetDays} day${offsetDays === 1 ? '' : 's'} ahead.`,
    ),
  );
}

/** Wires the wallets form and the clock's read and advance. @param {string} apiUrl */
export function initWallets(apiUrl) {
  const walletsForm = $('wallets-form', HTMLFormElement);
  walletsForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const reply = await exchange($('wallets-exchange'), {
      url: `${apiUrl}/v1/wallets${queryOf(walletsForm)}`,
      auth: bearer(),
    });
    showWallets(reply);
  });
  $('clock-read').addEventListener('click', async () => {
    const reply = await exchange($('clock-exchange'), {
      url: `${apiUrl}/sandbox/clock`,
      auth: basic(),
    });
    showClock(reply);
  });
  const clockForm = $('clock-form', HTMLFormElement);
  clockForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const typed = field(clockForm, 'days').value;
    const days = Number(typed);
    const reply = await exchange($('clock-exchange'), {
      method: 'POST',
      url: `${apiUrl}/sandbox/clock/advance`,
      auth: basic(),
      // Sent as typed (a number when it is one) so the API's own validation answers.
      body: { days: Number.isFinite(days) ? days : typed },
    });
    showClock(reply);
  });
}
