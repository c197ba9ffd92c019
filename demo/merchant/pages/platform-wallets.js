// Wallets (Bearer) and the merchant's sandbox clock (secret key).
import { h } from './demo-helpers.js';
import { errorLine, exchange, money, notice, queryOf, table, when } from './platform-exchange.js';
import { basic, bearer } from './platform-session.js';

const $ = (id) => document.getElementById(id);

function showWallets(reply) {
  const result = $('wallets-result');
  if (!reply.ok || !Array.isArray(reply.body)) {
    result.replaceChildren(notice(`Not shown: ${errorLine(reply)}`, 'bad'));
    return;
  }
  if (reply.body.length === 0) {
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
      reply.body.map((w) => [
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

/** Wires the wallets form and the clock's read and advance. */
export function initWallets(apiUrl) {
  $('wallets-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const reply = await exchange($('wallets-exchange'), {
      url: `${apiUrl}/v1/wallets${queryOf(event.currentTarget)}`,
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
  $('clock-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const days = Number(event.currentTarget.elements.days.value);
    const reply = await exchange($('clock-exchange'), {
      method: 'POST',
      url: `${apiUrl}/sandbox/clock/advance`,
      auth: basic(),
      // Sent as typed (a number when it is one) so the API's own validation answers.
      body: { days: Number.isFinite(days) ? days : event.currentTarget.elements.days.value },
    });
    showClock(reply);
  });
}
