// Subscription plans: create, list, upload an image, deactivate (with its confirmation) and
// activate again.
import { $, field, h, messageOf } from './demo-helpers.js';
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
import { api, basic } from './subscriptions-merchant.js';

/**
 * @import { SubscriptionPlan, SubscriptionPlanList, SubscriptionPlanStatus } from '../../../src/server/api-types'
 */
/** @import { Reply } from './demo-helpers.js' */

/**
 * A deactivation's first answer when the plan has active subscriptions (PATCH …/status).
 * @typedef {{ confirmationToken: string, activeSubscriptionsCount: number, expiresAt: string, message: string }} Confirmation
 */

/** @type {SubscriptionPlan[]} */
let known = [];
/** @type {() => Promise<unknown>} */
let afterChange = async () => {};

/** @param {SubscriptionPlan} p */
const recurrence = (p) =>
  p.recurrenceType === 'custom' ? `every ${p.recurrenceInterval} months` : p.recurrenceType;

/**
 * The plan selects (image, subscribe) offer the plans last listed or created.
 * @param {string} [choose]
 */
function fillPlanSelects(choose) {
  /** @type {NodeListOf<HTMLSelectElement>} the selector takes selects only */
  const selects = document.querySelectorAll('select[data-plans]');
  for (const select of selects) {
    const current = choose ?? select.value;
    select.replaceChildren(
      ...(known.length === 0 ? [h('option', { value: '' }, 'no plan listed yet')] : []),
      ...known.map((p) => h('option', { value: p.id }, `${p.name} · ${p.id} (${p.status})`)),
    );
    if (known.some((p) => p.id === current)) select.value = current;
  }
}

/**
 * A number when the text reads as one, else the text (the API names what is wrong).
 * @param {string} text
 */
function numberOf(text) {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** @param {HTMLFormElement} form */
function planBody(form) {
  /** @param {string} name */
  const value = (name) => field(form, name).value.trim();
  /** @type {NodeListOf<HTMLInputElement>} the selector takes inputs only */
  const checked = form.querySelectorAll('input[name=paymentMethods]:checked');
  const methods = [...checked].map((box) => box.value);
  return {
    name: value('name'),
    price: numberOf(value('price')),
    currency: value('currency'),
    recurrenceType: value('recurrenceType'),
    ...(value('recurrenceInterval') === ''
      ? {}
      : { recurrenceInterval: numberOf(value('recurrenceInterval')) }),
    ...(value('endDate') === '' ? {} : { endDate: `${value('endDate')}T23:59:59.000Z` }),
    ...(value('buyerMessage') === '' ? {} : { buyerMessage: value('buyerMessage') }),
    paymentMethods: methods,
  };
}

/** @param {SubmitEvent} event */
async function createPlan(event) {
  event.preventDefault();
  const reply = await exchange($('plan-exchange'), {
    method: 'POST',
    url: api('/v1/subscription-plans'),
    auth: basic(),
    body: planBody($('plan-form', HTMLFormElement)),
  });
  if (!reply.ok) {
    $('plan-result').replaceChildren(notice(`Not created: ${errorLine(reply)}`, 'bad'));
    return;
  }
  /** @type {SubscriptionPlan} */
  const plan = reply.body;
  $('plan-result').replaceChildren(
    notice(`Plan ${plan.name} created: ${plan.id} (${plan.status}).`, 'good'),
  );
  known = [plan, ...known.filter((p) => p.id !== plan.id)];
  fillPlanSelects(plan.id);
  await listPlans();
}

/**
 * The image the API serves at `url`, as a data: URL (the demo's CSP allows images from 'self' and data: only).
 * @param {string} url
 */
async function dataUrlOf(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const blob = await response.blob();
  /** @type {string | ArrayBuffer | null} */
  const source = await new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(reader.result));
    reader.addEventListener('error', () => reject(reader.error));
    reader.readAsDataURL(blob);
  });
  return { source, type: blob.type, size: blob.size };
}

/** @param {SubscriptionPlan} plan */
async function showImage(plan) {
  const result = $('image-result');
  result.replaceChildren(notice(`Image of ${plan.name} uploaded.`, 'good'));
  try {
    const { source, type, size } = await dataUrlOf(plan.imageUrl);
    result.append(
      h(
        'figure',
        { class: 'plan-image' },
        h('img', { src: source, alt: `Image of the plan ${plan.name}` }),
        h(
          'figcaption',
          { class: 'muted' },
          `${type}, ${size} bytes, from `,
          h('a', { href: plan.imageUrl, target: '_blank', rel: 'noopener' }, plan.imageUrl),
        ),
      ),
    );
  } catch (error) {
    result.append(notice(`The image could not be read: ${messageOf(error)}`, 'bad'));
  }
}

/** @param {SubmitEvent} event */
async function uploadImage(event) {
  event.preventDefault();
  const form = $('image-form', HTMLFormElement);
  const planId = field(form, 'planId').value;
  const body = new FormData();
  const [file] = field(form, 'file', HTMLInputElement).files ?? [];
  if (file !== undefined) body.append('file', file);
  const reply = await exchange($('image-exchange'), {
    method: 'POST',
    url: api(`/v1/subscription-plans/${encodeURIComponent(planId)}/image`),
    auth: basic(),
    body,
  });
  if (!reply.ok) {
    $('image-result').replaceChildren(notice(`Not uploaded: ${errorLine(reply)}`, 'bad'));
    return;
  }
  await showImage(reply.body);
  await listPlans();
}

/** @param {SubscriptionPlan} plan @param {Confirmation} confirmation */
function showConfirmation(plan, confirmation) {
  const button = h('button', { type: 'button', class: 'button primary' }, 'Confirm deactivation');
  button.setAttribute('aria-describedby', 'plan-confirm-message');
  button.addEventListener('click', () => {
    button.disabled = true;
    changeStatus(plan, 'inactive', confirmation.confirmationToken);
  });
  $('plan-status-result').replaceChildren(
    h(
      'div',
      { class: 'confirm' },
      h(
        'p',
        { id: 'plan-confirm-message', class: 'notice', dataset: { tone: 'warn' } },
        confirmation.message,
      ),
      h(
        'p',
        { class: 'muted' },
        `${confirmation.activeSubscriptionsCount} active subscription(s) · token valid until ${when(confirmation.expiresAt)} UTC (merchant clock)`,
      ),
      h('div', { class: 'form-actions' }, button),
    ),
  );
}

/**
 * @param {SubscriptionPlan} plan
 * @param {SubscriptionPlanStatus} status
 * @param {string} [confirmationToken]
 */
async function changeStatus(plan, status, confirmationToken) {
  $('plan-status').hidden = false;
  $('plan-status-title').textContent = `Plan ${plan.name} (${plan.id})`;
  const reply = await exchange($('plan-status-exchange'), {
    method: 'PATCH',
    url: api(`/v1/subscription-plans/${encodeURIComponent(plan.id)}/status`),
    auth: basic(),
    body: { status, ...(confirmationToken === undefined ? {} : { confirmationToken }) },
  });
  const result = $('plan-status-result');
  if (!reply.ok) {
    result.replaceChildren(notice(`Not changed: ${errorLine(reply)}`, 'bad'));
  } else if (typeof reply.body.confirmationToken === 'string') {
    showConfirmation(plan, reply.body);
  } else {
    const cancelled =
      confirmationToken === undefined ? '' : ' Its active subscriptions were cancelled.';
    result.replaceChildren(
      notice(`Plan ${plan.name} is now ${reply.body.status}.${cancelled}`, 'good'),
    );
  }
  $('plan-status-title').focus();
  if (reply.ok && typeof reply.body.confirmationToken !== 'string') {
    await Promise.all([listPlans(), afterChange()]);
  }
}

/** @param {SubscriptionPlan} plan */
function statusButton(plan) {
  /** @type {SubscriptionPlanStatus} */
  const to = plan.status === 'active' ? 'inactive' : 'active';
  const label = to === 'inactive' ? 'Deactivate' : 'Activate';
  const button = h('button', { type: 'button', class: 'button secondary small' }, label);
  button.setAttribute('aria-label', `${label} ${plan.name} (${plan.id})`);
  button.addEventListener('click', () => changeStatus(plan, to));
  return button;
}

/** @param {HTMLFormElement} form @param {Reply} reply */
function showPlans(form, reply) {
  const result = $('plans-result');
  if (!reply.ok || !Array.isArray(reply.body?.data)) {
    result.replaceChildren(notice(`Not listed: ${errorLine(reply)}`, 'bad'));
    return;
  }
  /** @type {SubscriptionPlanList} */
  const { data, meta } = reply.body;
  known = data;
  fillPlanSelects();
  /** @param {SubscriptionPlan} p */
  const image = (p) =>
    p.imageUrl ? h('a', { href: p.imageUrl, target: '_blank', rel: 'noopener' }, 'image') : '—';
  result.replaceChildren(
    h(
      'p',
      { class: 'summary' },
      `${meta.total} plan${meta.total === 1 ? '' : 's'} · page ${meta.page} of ${meta.totalPages}`,
    ),
    table(
      'Plans',
      ['ID', 'Name', 'Price', 'Recurrence', 'Ends', 'Methods', 'Image', 'Status', 'Active', ''],
      data.map((p) => [
        h('span', { class: 'mono' }, p.id),
        p.name,
        money(p.price, p.currency),
        recurrence(p),
        when(p.endDate),
        p.paymentMethods.join(', '),
        image(p),
        pill(p.status, p.status === 'active' ? 'good' : 'neutral'),
        String(p.activeSubscriptionsCount),
        statusButton(p),
      ]),
    ),
    pager(form, meta.page, meta.totalPages),
  );
}

/** Lists the plans with the form's filters (also after a change elsewhere). */
export async function listPlans() {
  const form = $('plans-form', HTMLFormElement);
  const reply = await exchange($('plans-exchange'), {
    url: api(`/v1/subscription-plans${queryOf(form)}`),
    auth: basic(),
  });
  showPlans(form, reply);
}

/**
 * Wires the plan forms; `changed` refreshes the subscriptions a plan's status changed.
 * @param {{ changed: () => Promise<unknown> }} hooks
 */
export function initPlans({ changed }) {
  afterChange = changed;
  fillPlanSelects();
  $('plan-form').addEventListener('submit', createPlan);
  $('image-form').addEventListener('submit', uploadImage);
  $('plans-form').addEventListener('submit', (event) => {
    event.preventDefault();
    listPlans();
  });
}
