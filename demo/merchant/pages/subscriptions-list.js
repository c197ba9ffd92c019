// Subscriptions: subscribe a test customer with a test card, list them with filters, and pause,
// resume or cancel one.
import { $, field, h } from './demo-helpers.js';
import { errorLine, exchange, notice, pager, pill, queryOf, table } from './platform-exchange.js';
import { openSubscription, reloadOpen, showFacts } from './subscriptions-detail.js';
import { api, basic } from './subscriptions-merchant.js';

/** @import { Subscription, SubscriptionList } from '../../../src/server/api-types' */
/** @import { Child, Reply } from './demo-helpers.js' */

/** @type {() => Promise<unknown>} */
let plansChanged = async () => {};

/** @type {Record<string, string>} */
const TONES = { active: 'good', pending_activation: 'warn', paused: 'neutral', cancelled: 'bad' };
/** @param {string} status */
export const toneOfSubscription = (status) => TONES[status] ?? 'neutral';

/** @param {string} text */
const numberOr = (text) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim());

/** @param {HTMLFormElement} form */
function subscriptionBody(form) {
  /** @param {string} name */
  const value = (name) => field(form, name).value.trim();
  return {
    planId: value('planId'),
    customer: { name: value('name'), email: value('email') },
    paymentMethod: {
      type: 'credit_card',
      number: value('number'),
      holderName: value('name'),
      expirationMonth: value('expirationMonth'),
      expirationYear: value('expirationYear'),
      cvv: value('cvv'),
      installments: 1,
    },
    ...(value('billingDay') === '' ? {} : { billingDay: numberOr(value('billingDay')) }),
  };
}

/** @param {SubmitEvent} event */
async function subscribe(event) {
  event.preventDefault();
  const reply = await exchange($('subscribe-exchange'), {
    method: 'POST',
    url: api('/v1/subscriptions'),
    auth: basic(),
    body: subscriptionBody($('subscribe-form', HTMLFormElement)),
  });
  const result = $('subscribe-result');
  if (!reply.ok) {
    result.replaceChildren(notice(`Not subscribed: ${errorLine(reply)}`, 'bad'));
    return;
  }
  const { id, status } = reply.body;
  result.replaceChildren(
    notice(`Subscription ${id} created: ${status}.`, status === 'active' ? 'good' : 'warn'),
  );
  await Promise.all([refreshSubscriptions(), plansChanged()]);
}

/** @param {Subscription} subscription @param {string} action */
async function act(subscription, action) {
  const reply = await exchange($('sub-action-exchange'), {
    method: 'POST',
    url: api(`/v1/subscriptions/${encodeURIComponent(subscription.id)}/${action}`),
    auth: basic(),
  });
  $('sub-action').replaceChildren(
    reply.ok
      ? notice(`${subscription.id} is now ${reply.body.status}.`, 'good')
      : notice(`Not done (${action}): ${errorLine(reply)}`, 'bad'),
  );
  if (reply.ok) await Promise.all([refreshSubscriptions(), plansChanged()]);
}

const ACTIONS = [
  { action: 'pause', label: 'Pause', from: ['active'] },
  { action: 'resume', label: 'Resume', from: ['paused'] },
  { action: 'cancel', label: 'Cancel', from: ['active', 'paused', 'pending_activation'] },
];

/** The id opens the subscription; under it, the changes its status allows. @param {Subscription} s */
function idAndActions(s) {
  /** @param {string} label @param {string} text @param {() => void} onClick @param {string} kind */
  const button = (label, text, onClick, kind) => {
    const element = h('button', { type: 'button', class: kind }, text);
    element.setAttribute('aria-label', `${label} ${s.id}`);
    element.addEventListener('click', onClick);
    return element;
  };
  return h(
    'div',
    { class: 'row-head' },
    button('Open', s.id, () => openSubscription(s), 'link-button mono'),
    h(
      'div',
      { class: 'row-actions' },
      ACTIONS.filter(({ from }) => from.includes(s.status)).map(({ action, label }) =>
        button(label, label, () => act(s, action), 'button secondary small'),
      ),
    ),
  );
}

/** @param {unknown} iso */
const day = (iso) => (typeof iso === 'string' ? iso.slice(0, 10) : '—');

/** @param {Child} first @param {string | null | undefined} second */
const lines = (first, second) =>
  h('span', { class: 'two-lines' }, first, second ? h('span', { class: 'muted' }, second) : '');

/**
 * @param {HTMLFormElement} form
 * @param {Reply} reply
 * @returns {Subscription[]}
 */
function showList(form, reply) {
  const result = $('subs-result');
  if (!reply.ok || !Array.isArray(reply.body?.data)) {
    result.replaceChildren(notice(`Not listed: ${errorLine(reply)}`, 'bad'));
    return [];
  }
  /** @type {SubscriptionList} */
  const { data, meta } = reply.body;
  result.replaceChildren(
    h(
      'p',
      { class: 'summary' },
      `${meta.total} subscription${meta.total === 1 ? '' : 's'} · page ${meta.page} of ${meta.totalPages}`,
    ),
    table(
      'Subscriptions',
      ['ID', 'Plan', 'Customer', 'Status', 'Period', 'Next billing', 'Failed', 'Day', 'Refunded'],
      data.map((s) => [
        idAndActions(s),
        s.plan?.name ?? s.planId,
        lines(s.customer?.name ?? '—', s.customer?.email),
        // The cancellation's type under its status (the record's `cancellationType`).
        lines(pill(s.status, toneOfSubscription(s.status)), s.cancellationType),
        lines(day(s.currentPeriodStart), `→ ${day(s.currentPeriodEnd)}`),
        day(s.nextBillingAt),
        String(s.failedAttempts ?? '—'),
        String(s.billingDay),
        s.refunded ? 'yes' : 'no',
      ]),
    ),
    pager(form, meta.page, meta.totalPages),
  );
  return data;
}

/** Lists the subscriptions with the form's filters. */
export async function listSubscriptions() {
  const form = $('subs-form', HTMLFormElement);
  const reply = await exchange($('subs-exchange'), {
    url: api(`/v1/subscriptions${queryOf(form)}`),
    auth: basic(),
  });
  return showList(form, reply);
}

/** After a change: the list again, and the open subscription's events and charge. */
export async function refreshSubscriptions() {
  await reloadOpen(await listSubscriptions());
}

/**
 * Wires the subscribe form and the list; `changed` lists the plans again (their counts).
 * @param {{ changed: () => Promise<unknown> }} hooks
 */
export function initSubscriptions({ changed }) {
  plansChanged = changed;
  $('subscribe-year', HTMLInputElement).value = String(new Date().getFullYear() + 4);
  $('subscribe-form').addEventListener('submit', subscribe);
  $('subs-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    showFacts(await listSubscriptions());
  });
}
