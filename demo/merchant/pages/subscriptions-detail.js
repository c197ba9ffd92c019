// One subscription: its record, a new billing day, its event timeline (renewals, failed
// payments, cancellation) and the charge of each payment attempt.
import { $, field, h } from './demo-helpers.js';
import { errorLine, exchange, money, notice, pill, table, when } from './platform-exchange.js';
import { api, basic } from './subscriptions-merchant.js';

/** @import { Charge, Subscription } from '../../../src/server/api-types' */
/** @import { Child } from './demo-helpers.js' */
/** @import { MetaPage, SandboxEvent } from './sandbox-answers.js' */

/** @type {Subscription | undefined} */
let open;
/** @type {() => Promise<unknown>} */
let afterChange = async () => {};

/** @type {Record<string, string>} */
const EVENT_TONES = {
  'subscription.activated': 'good',
  'subscription.renewed': 'good',
  'subscription.payment_failed': 'bad',
  'subscription.cancelled': 'warn',
  'subscription.expired': 'warn',
};
/** @type {Record<string, string>} */
const STATUS_TONES = { active: 'good', pending_activation: 'warn', cancelled: 'bad' };
/** @type {Record<string, string>} */
const CHARGE_TONES = { paid: 'good', failed: 'bad', refunded: 'warn' };

/** @param {string} term @param {Child} value @param {boolean} [wide] */
const fact = (term, value, wide) =>
  h('div', { class: wide ? 'wide' : undefined }, h('dt', {}, term), h('dd', {}, value));

/** @param {Subscription} s */
function renderFacts(s) {
  $('sub-detail-facts').replaceChildren(
    h(
      'dl',
      { class: 'facts' },
      fact('Status', pill(s.status, STATUS_TONES[s.status] ?? 'neutral')),
      fact('Plan', `${s.plan?.name ?? '—'} · ${money(s.plan?.price, s.plan?.currency)}`),
      fact('Customer', `${s.customer?.name ?? '—'} · ${s.customer?.email ?? ''}`),
      fact('Current period', `${when(s.currentPeriodStart)} → ${when(s.currentPeriodEnd)}`),
      fact('Next billing', when(s.nextBillingAt)),
      fact('Failed attempts', String(s.failedAttempts ?? '—')),
      fact('Billing day', String(s.billingDay)),
      fact('Cancellation', s.cancellationType ?? '—'),
      fact('Latest charge', s.latestChargeId ?? '—'),
    ),
  );
}

/**
 * Updates the open subscription's record from a list that includes it (no request).
 * @param {Subscription[]} records
 */
export function showFacts(records) {
  const openId = open?.id;
  const fresh = open && records.find((s) => s.id === openId);
  if (fresh) {
    open = fresh;
    renderFacts(open);
  }
}

/** @param {string} id */
async function loadCharge(id) {
  const reply = await exchange($('charge-exchange'), {
    url: api(`/v1/charges/${encodeURIComponent(id)}`),
    auth: basic(),
  });
  const result = $('charge-result');
  if (!reply.ok || typeof reply.body !== 'object') {
    result.replaceChildren(notice(`Not shown: ${errorLine(reply)}`, 'bad'));
    return;
  }
  /** @type {Charge} */
  const c = reply.body;
  result.replaceChildren(
    h(
      'dl',
      { class: 'facts', 'aria-label': `Charge ${c.id}` },
      fact('Charge', h('span', { class: 'mono' }, c.id)),
      fact('Status', pill(c.status, CHARGE_TONES[c.status] ?? 'neutral')),
      fact('Amount', money(c.amount, c.currency)),
      fact('Failure reason', c.failureReason ?? '—'),
      fact('Created', when(c.createdAt)),
      fact('Paid', when(c.paidAt)),
    ),
  );
}

/** @param {unknown} id */
function chargeButton(id) {
  if (typeof id !== 'string') return '—';
  const button = h('button', { type: 'button', class: 'link-button mono' }, id);
  button.setAttribute('aria-label', `Show charge ${id}`);
  button.addEventListener('click', () => loadCharge(id));
  return button;
}

/** @param {Subscription} subscription */
async function loadEvents(subscription) {
  const query = new URLSearchParams({ resourceId: subscription.id, limit: '100', page: '1' });
  const reply = await exchange($('events-exchange'), {
    url: api(`/sandbox/events?${query}`),
    auth: basic(),
  });
  const result = $('events-result');
  if (!reply.ok || !Array.isArray(reply.body?.data)) {
    result.replaceChildren(notice(`Not listed: ${errorLine(reply)}`, 'bad'));
    return;
  }
  /** @type {MetaPage<SandboxEvent>} */
  const { data, meta } = reply.body;
  result.replaceChildren(
    h('p', { class: 'summary' }, `${meta?.total ?? data.length} events, newest first`),
    table(
      'Events',
      ['Event', 'On the clock', 'Status', 'Period', 'Next billing', 'Failed', 'Charge'],
      data.map((e) => [
        pill(e.event, EVENT_TONES[e.event] ?? 'neutral'),
        // The record's own time is the merchant's clock; the event's, the real time it was written.
        h(
          'span',
          { class: 'two-lines' },
          when(e.data?.updatedAt),
          h('span', { class: 'muted' }, `recorded ${when(e.createdAt)}`),
        ),
        e.data?.status ?? '—',
        h(
          'span',
          { class: 'two-lines' },
          when(e.data?.currentPeriodStart),
          h('span', { class: 'muted' }, `→ ${when(e.data?.currentPeriodEnd)}`),
        ),
        when(e.data?.nextBillingAt),
        String(e.data?.failedAttempts ?? '—'),
        chargeButton(e.data?.latestChargeId),
      ]),
    ),
  );
}

/** The timeline and latest charge of the open subscription. @param {Subscription} subscription */
async function loadTimeline(subscription) {
  const chargeId = subscription.latestChargeId;
  if (typeof chargeId !== 'string') {
    $('charge-result').replaceChildren(notice('No charge on this record (latestChargeId null).'));
    $('charge-exchange').hidden = true;
  }
  await Promise.all([
    loadEvents(subscription),
    typeof chargeId === 'string' ? loadCharge(chargeId) : null,
  ]);
}

/**
 * After a change: the open subscription's record from `records`, and its timeline again.
 * @param {Subscription[]} records
 */
export async function reloadOpen(records) {
  if (open === undefined) return;
  showFacts(records);
  await loadTimeline(open);
}

/** @param {Subscription} record */
export async function openSubscription(record) {
  open = record;
  $('sub-detail').hidden = false;
  $('sub-detail-title').textContent = `Subscription ${record.id}`;
  $('billing-day', HTMLInputElement).value = String(record.billingDay);
  $('billing-result').replaceChildren();
  $('billing-exchange').hidden = true;
  renderFacts(record);
  $('sub-detail-title').focus();
  await loadTimeline(record);
}

/** @param {SubmitEvent} event */
async function updateBillingDay(event) {
  event.preventDefault();
  if (open === undefined) return;
  const typed = field($('billing-form', HTMLFormElement), 'billingDay').value.trim();
  const reply = await exchange($('billing-exchange'), {
    method: 'PATCH',
    url: api(`/v1/subscriptions/${encodeURIComponent(open.id)}`),
    auth: basic(),
    body: { billingDay: /^\d+$/.test(typed) ? Number(typed) : typed },
  });
  $('billing-result').replaceChildren(
    reply.ok
      ? notice(`Billing day ${reply.body.billingDay} from the next period on.`, 'good')
      : notice(`Not updated: ${errorLine(reply)}`, 'bad'),
  );
  if (reply.ok) await afterChange();
}

/**
 * Wires the billing-day form; `changed` lists the subscriptions again after an update.
 * @param {{ changed: () => Promise<unknown> }} hooks
 */
export function initDetail({ changed }) {
  afterChange = changed;
  $('billing-form').addEventListener('submit', updateBillingDay);
}

/** A new merchant: the open subscription is another merchant's. */
export function closeDetail() {
  open = undefined;
  $('sub-detail').hidden = true;
}
