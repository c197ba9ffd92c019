// Payout requests: create (the sub-merchant), list with every filter, open, approve or reject
// (the administrator).
import { $, field, h } from './demo-helpers.js';
import {
  errorLine,
  exchange,
  money,
  notice,
  pager,
  pill,
  queryOf,
  table,
  when,
} from './platform-exchange.js';
import { bearer } from './platform-session.js';

/** @import { PayoutRequest, PayoutRequestList } from '../../../src/server/api-types' */
/** @import { Child, Reply } from './demo-helpers.js' */

let apiUrl = '';
/** @type {string | undefined} */
let openId;

/** @type {Record<string, string>} */
const TONES = { approved: 'good', rejected: 'bad', pending: 'warn' };
/** @param {string} status */
const toneOf = (status) => TONES[status] ?? 'neutral';

/**
 * The amount as a JSON number when it reads as one, else as typed (the API says what is wrong).
 * @param {string} text
 */
function amountOf(text) {
  const trimmed = text.trim();
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** @param {SubmitEvent} event */
async function requestPayout(event) {
  event.preventDefault();
  const form = $('payout-form', HTMLFormElement);
  const merchantId = field(form, 'merchantId', HTMLSelectElement).value;
  const reply = await exchange($('payout-exchange'), {
    method: 'POST',
    url: `${apiUrl}/v1/submerchants/${encodeURIComponent(merchantId)}/payout-requests`,
    auth: bearer(),
    body: { amount: amountOf(field(form, 'amount').value) },
  });
  $('payout-result').replaceChildren(
    reply.ok
      ? notice(`Payout request ${reply.body.id} created.`, 'good')
      : notice(`Not created: ${errorLine(reply)}`, 'bad'),
  );
}

/** @param {HTMLFormElement} form @param {Reply} reply */
function showList(form, reply) {
  const result = $('payouts-result');
  if (!reply.ok || !Array.isArray(reply.body?.data)) {
    result.replaceChildren(notice(`Not listed: ${errorLine(reply)}`, 'bad'));
    return;
  }
  /** @type {PayoutRequestList} */
  const { data, page, pages, total, pendingCount } = reply.body;
  /** @param {string} id */
  const open = (id) => {
    const button = h('button', { type: 'button', class: 'button secondary small' }, 'Open');
    button.setAttribute('aria-label', `Open ${id}`);
    button.addEventListener('click', () => openPayout(id));
    return button;
  };
  result.replaceChildren(
    h(
      'p',
      { class: 'summary', role: 'status' },
      `${total} request${total === 1 ? '' : 's'} · ${pendingCount} pending · page ${page} of ${pages}`,
    ),
    table(
      'Payout requests',
      ['ID', 'Sub-merchant', 'Amount', 'Fee', 'Net', 'Status', 'Created', 'Processed', ''],
      data.map((p) => [
        h('span', { class: 'mono' }, p.id),
        p.merchantLegalName,
        money(p.amount),
        money(p.payoutFee),
        money(p.netAmount),
        pill(p.status, toneOf(p.status)),
        when(p.createdAt),
        when(p.processedAt),
        open(p.id),
      ]),
    ),
    pager(form, page, pages),
  );
}

const reviewControls = () => [
  $('approve', HTMLButtonElement),
  $('reject', HTMLButtonElement),
  $('review-reason', HTMLInputElement),
];

/**
 * Only a pending request can be approved or rejected (docs/sandbox-payouts.md#review): for any
 * other, Approve and Reject are off and a note says why. `payout` undefined: the status is not
 * known (loading, or the detail was refused), so `state` says whether the controls wait.
 * @param {PayoutRequest | undefined} payout
 */
function setReviewable(payout, state = 'open') {
  const note = $('review-note');
  const reviewed = payout !== undefined && payout.status !== 'pending';
  for (const control of reviewControls()) control.disabled = reviewed || state === 'loading';
  note.hidden = !reviewed;
  note.textContent = reviewed ? reviewedNote(payout) : '';
  for (const id of ['approve', 'reject']) {
    if (reviewed) $(id).setAttribute('aria-describedby', 'review-note');
    else $(id).removeAttribute('aria-describedby');
  }
}

/** "Approved on 2026-11-23 16:15: nothing to review." @param {PayoutRequest} payout */
function reviewedNote(payout) {
  const status = String(payout.status);
  const name = status.charAt(0).toUpperCase() + status.slice(1);
  const on = typeof payout.processedAt === 'string' ? ` on ${when(payout.processedAt)}` : '';
  return `${name}${on}: nothing to review.`;
}

/** @param {Reply} reply */
function showDetail(reply) {
  const facts = $('payout-detail-facts');
  if (!reply.ok || typeof reply.body !== 'object') {
    facts.replaceChildren(notice(`Not shown: ${errorLine(reply)}`, 'bad'));
    // The status is unknown: the controls stay usable, so the API's own answer can be seen.
    setReviewable(undefined);
    return;
  }
  /** @type {PayoutRequest} */
  const p = reply.body;
  setReviewable(p);
  /** @param {string} term @param {Child} value @param {boolean} [wide] */
  const fact = (term, value, wide) =>
    h('div', { class: wide ? 'wide' : undefined }, h('dt', {}, term), h('dd', {}, value));
  facts.replaceChildren(
    h(
      'dl',
      { class: 'facts' },
      fact('Status', pill(p.status, toneOf(p.status))),
      fact('Amount', money(p.amount)),
      fact('Fee', money(p.payoutFee)),
      fact('Net amount', money(p.netAmount)),
      fact('Sub-merchant', `${p.merchantLegalName} · ${p.merchantEmail}`, true),
      fact('PIX key', p.externalAccountDetails?.pixKey ?? '—'),
      fact('Processed', when(p.processedAt)),
      fact('Rejection reason', p.rejectionReason ?? '—', true),
    ),
  );
}

/** @param {string} id */
async function openPayout(id) {
  openId = id;
  $('payout-detail').hidden = false;
  $('payout-detail-title').textContent = `Payout request ${id}`;
  $('payout-detail-exchange').hidden = true;
  $('review-result').replaceChildren();
  setReviewable(undefined, 'loading');
  const reply = await exchange($('payout-detail-exchange'), {
    url: `${apiUrl}/v1/payout-requests/${encodeURIComponent(id)}`,
    auth: bearer(),
  });
  showDetail(reply);
  $('payout-detail-title').focus();
}

/**
 * @param {'approve' | 'reject'} action
 * @param {object} body
 */
async function review(action, body) {
  if (openId === undefined) return;
  const reply = await exchange($('payout-detail-exchange'), {
    method: 'POST',
    url: `${apiUrl}/v1/payout-requests/${encodeURIComponent(openId)}/${action}`,
    auth: bearer(),
    body,
  });
  $('review-result').replaceChildren(
    reply.ok
      ? notice(`${action === 'approve' ? 'Approved' : 'Rejected'}.`, 'good')
      : notice(`Not ${action === 'approve' ? 'approved' : 'rejected'}: ${errorLine(reply)}`, 'bad'),
  );
  if (!reply.ok) return;
  showDetail(reply);
  // The control that was used is disabled now: the focus goes to the note saying why.
  $('review-note').focus();
  $('payouts-form', HTMLFormElement).requestSubmit();
}

/** Wires the payout forms. @param {string} url */
export function initPayouts(url) {
  apiUrl = url;
  $('payout-form').addEventListener('submit', requestPayout);
  const form = $('payouts-form', HTMLFormElement);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const reply = await exchange($('payouts-exchange'), {
      url: `${apiUrl}/v1/payout-requests${queryOf(form)}`,
      auth: bearer(),
    });
    showList(form, reply);
  });
  $('approve').addEventListener('click', () => review('approve', {}));
  const reviewForm = $('review-form', HTMLFormElement);
  reviewForm.addEventListener('submit', (event) => {
    event.preventDefault();
    review('reject', { reason: field(reviewForm, 'reason').value });
  });
}
