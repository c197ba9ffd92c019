// Sub-merchants (a master's secret key), their status (the administrator) and fees (secret key).
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
import { basic, bearer } from './platform-session.js';

/** @import { SubAccountFeesInfo, Submerchant, SubmerchantList } from '../../../src/server/api-types' */
/** @import { Reply } from './demo-helpers.js' */

let apiUrl = '';

/** @type {Record<string, string>} */
const TONES = { active: 'good', rejected: 'bad', blocked: 'bad', pending: 'warn' };
/** @param {string} status */
const toneOf = (status) => TONES[status] ?? 'neutral';

/** @param {HTMLFormElement} form @param {Reply} reply */
function showList(form, reply) {
  const result = $('subs-result');
  if (!reply.ok || !Array.isArray(reply.body?.data)) {
    result.replaceChildren(notice(`Not listed: ${errorLine(reply)}`, 'bad'));
    return;
  }
  /** @type {SubmerchantList} */
  const { data, page, pages, total } = reply.body;
  /** @param {Submerchant} sub */
  const feesButton = (sub) => {
    const button = h('button', { type: 'button', class: 'button secondary small' }, 'Fees');
    button.setAttribute('aria-label', `Fees of ${sub.tradeName}`);
    button.addEventListener('click', () => {
      $('fees-merchant', HTMLSelectElement).value = sub.id;
      $('fees-form', HTMLFormElement).requestSubmit();
      $('fees-title').scrollIntoView({ block: 'start' });
    });
    return button;
  };
  result.replaceChildren(
    h(
      'p',
      { class: 'summary', role: 'status' },
      `${total} sub-merchant${total === 1 ? '' : 's'} · page ${page} of ${pages}`,
    ),
    table(
      'Sub-merchants',
      ['Trade name', 'Legal name', 'Tax id', 'Status', 'Created', 'Volume', 'Sales', 'Balance', ''],
      data.map((s) => [
        s.tradeName,
        s.legalName,
        h('span', { class: 'mono' }, s.companyTaxId),
        pill(s.status, toneOf(s.status)),
        when(s.createdAt),
        money(s.metrics?.totalVolume),
        String(s.totalSales ?? '—'),
        money(s.metrics?.splitBalance),
        feesButton(s),
      ]),
    ),
    pager(form, page, pages),
  );
}

/** @param {Reply} reply */
function showStatus(reply) {
  $('status-result').replaceChildren(
    reply.ok
      ? notice(`${reply.body.tradeName} is now ${reply.body.status}.`, 'good')
      : notice(`Not changed: ${errorLine(reply)}`, 'bad'),
  );
}

/** @param {Reply} reply */
function showFees(reply) {
  const result = $('fees-result');
  if (!reply.ok || !Array.isArray(reply.body?.fees)) {
    result.replaceChildren(notice(`Not shown: ${errorLine(reply)}`, 'bad'));
    return;
  }
  /** @type {SubAccountFeesInfo} */
  const { merchant, fees } = reply.body;
  result.replaceChildren(
    h('p', { class: 'summary' }, `${merchant.legalName} · ${merchant.companyTaxId}`),
    table(
      `Fees of ${merchant.legalName}`,
      ['Type', 'Method', 'Currency', 'Brand', 'Fixed', 'Percentages by installments'],
      fees.map((fee) => [
        fee.feeType,
        fee.paymentMethod,
        fee.currencyCode,
        fee.brand ?? 'default',
        String(fee.definition?.fixed ?? '—'),
        (fee.definition?.percentages ?? []).map((p) => `${p}%`).join(' · '),
      ]),
    ),
  );
}

/** Wires the sub-merchant list, the status change and the fees. @param {string} url */
export function initSubmerchants(url) {
  apiUrl = url;
  const form = $('subs-form', HTMLFormElement);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    // One date filter at a time: the select names the field, the date input gives the day.
    const day = {
      [$('subs-date-field', HTMLSelectElement).value]: $('subs-date', HTMLInputElement).value,
    };
    const reply = await exchange($('subs-exchange'), {
      url: `${apiUrl}/v1/submerchants${queryOf(form, day)}`,
      auth: basic(),
    });
    showList(form, reply);
  });
  const statusForm = $('status-form', HTMLFormElement);
  statusForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const merchantId = field(statusForm, 'merchantId', HTMLSelectElement);
    const status = field(statusForm, 'status', HTMLSelectElement);
    const reply = await exchange($('status-exchange'), {
      method: 'POST',
      url: `${apiUrl}/sandbox/submerchants/${encodeURIComponent(merchantId.value)}/status`,
      auth: bearer(),
      body: { status: status.value },
    });
    showStatus(reply);
  });
  const feesForm = $('fees-form', HTMLFormElement);
  feesForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const id = field(feesForm, 'merchantId', HTMLSelectElement).value;
    const reply = await exchange($('fees-exchange'), {
      url: `${apiUrl}/v1/connect/sub-accounts/${encodeURIComponent(id)}/fees-info`,
      auth: basic(),
    });
    showFees(reply);
  });
}
