// The merchant's fault rules: add one (a status and body, a delay, or a dropped connection), list
// them with their hits, delete one or all. The sandbox judges every field: the form sends what
// was typed (a number when it reads as one) and shows the 400 that names the field at fault.
import { $, field, h } from './demo-helpers.js';
import { api, basic } from './merchant-key.js';
import { errorLine, exchange, notice, table } from './platform-exchange.js';

/** @import { Reply } from './demo-helpers.js' */
/** @import { FaultRule } from './sandbox-answers.js' */

const FAULTS = '/sandbox/faults';
const addForm = () => $('add-form', HTMLFormElement);

/** A typed number as a number; anything else as typed, for the sandbox to judge. @param {string} typed */
const numberOr = (typed) => (/^-?\d+(\.\d+)?$/.test(typed) ? Number(typed) : typed);

/** The form's value of `name`, trimmed; undefined when empty (the field is then left out). @param {string} name */
function typed(name) {
  const value = field(addForm(), name).value.trim();
  return value === '' ? undefined : value;
}

/** JSON when it parses, else the text itself (a JSON string). @param {string} text */
function jsonOrText(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The chosen action: `status`, `delay` or `drop`. */
const chosenKind = () =>
  /** @type {HTMLInputElement | null} */ (addForm().querySelector('input[name="kind"]:checked'))
    ?.value ?? 'status';

function actionOf() {
  const kind = chosenKind();
  if (kind === 'drop') return { drop: true };
  if (kind === 'delay') return { delayMs: numberOr(typed('delayMs') ?? '') };
  const body = typed('body');
  return {
    status: numberOr(typed('status') ?? ''),
    ...(body === undefined ? {} : { body: jsonOrText(body) }),
  };
}

/** The request body: only the fields given. */
function ruleBody() {
  const method = typed('method');
  const probability = typed('probability');
  const times = typed('times');
  const seed = typed('seed');
  return {
    ...(method === undefined ? {} : { method }),
    path: typed('path') ?? '',
    action: actionOf(),
    ...(probability === undefined ? {} : { probability: numberOr(probability) }),
    ...(times === undefined ? {} : { times: numberOr(times) }),
    ...(seed === undefined ? {} : { seed }),
  };
}

/** What a rule does, in words. @param {FaultRule['action']} action */
export function actionText(action) {
  if ('drop' in action) return 'drop the connection';
  if ('delayMs' in action) return `delay ${action.delayMs} ms`;
  return `answer ${action.status}${action.body === undefined ? '' : ' with its own body'}`;
}

/** @param {FaultRule} rule */
const ruleLine = (rule) =>
  `${rule.id}: ${rule.method ?? 'any method'} ${rule.path} → ${actionText(rule.action)}`;

/** @param {SubmitEvent} event */
async function add(event) {
  event.preventDefault();
  const reply = await exchange($('add-exchange'), {
    method: 'POST',
    url: api(FAULTS),
    auth: basic(),
    body: ruleBody(),
  });
  $('add-result').replaceChildren(
    reply.ok
      ? notice(`Rule added: ${ruleLine(reply.body)}.`, 'good')
      : notice(`Not added: ${errorLine(reply)}`, 'bad'),
  );
  if (reply.ok) await listFaults();
}

/** @param {Reply} reply @param {string} done */
function showAction(reply, done) {
  $('rule-action').replaceChildren(
    reply.ok ? notice(done, 'good') : notice(`Not done: ${errorLine(reply)}`, 'bad'),
  );
}

/** @param {FaultRule} rule */
async function remove(rule) {
  const reply = await exchange($('rule-action-exchange'), {
    method: 'DELETE',
    url: api(`${FAULTS}/${encodeURIComponent(rule.id)}`),
    auth: basic(),
  });
  showAction(reply, `Rule ${rule.id} deleted.`);
  if (reply.ok) await listFaults();
}

async function removeAll() {
  const reply = await exchange($('rule-action-exchange'), {
    method: 'DELETE',
    url: api(FAULTS),
    auth: basic(),
  });
  const count = reply.body?.deleted;
  showAction(reply, `${count} rule${count === 1 ? '' : 's'} deleted.`);
  if (reply.ok) await listFaults();
}

/** @param {FaultRule} rule */
function idAndDelete(rule) {
  const button = h('button', { type: 'button', class: 'button secondary small' }, 'Delete');
  button.setAttribute('aria-label', `Delete ${rule.id}`);
  button.addEventListener('click', () => remove(rule));
  return h(
    'div',
    { class: 'row-head' },
    h('span', { class: 'mono' }, rule.id),
    h('div', { class: 'row-actions' }, button),
  );
}

/** Lists the merchant's rules; its reply also says whether the key was taken. */
export async function listFaults() {
  const reply = await exchange($('rules-exchange'), { url: api(FAULTS), auth: basic() });
  const result = $('rules-result');
  if (!reply.ok || !Array.isArray(reply.body?.data)) {
    result.replaceChildren(notice(`Not listed: ${errorLine(reply)}`, 'bad'));
    return reply;
  }
  /** @type {{ data: FaultRule[] }} */
  const { data } = reply.body;
  result.replaceChildren(
    data.length === 0
      ? notice('No rule: every request of this merchant runs as usual.')
      : table(
          'Fault rules',
          ['Rule', 'Method', 'Path', 'Action', 'Probability', 'Times', 'Seed', 'Hits'],
          data.map((rule) => [
            idAndDelete(rule),
            rule.method ?? 'any',
            h('span', { class: 'mono wrap' }, rule.path),
            actionText(rule.action),
            String(rule.probability),
            rule.times === null ? 'until deleted' : String(rule.times),
            rule.seed === null ? '—' : h('span', { class: 'mono' }, rule.seed),
            String(rule.hits),
          ]),
        ),
  );
  return reply;
}

/** A new merchant: the last answers shown were another merchant's. */
export function resetFaults() {
  for (const id of ['rule-action', 'add-result', 'charge-result']) $(id).replaceChildren();
  for (const id of ['rule-action-exchange', 'add-exchange', 'charge-exchange']) $(id).hidden = true;
}

/** Shows the fields of the chosen action only. */
function showKindFields() {
  const kind = chosenKind();
  $('kind-status').hidden = kind !== 'status';
  $('kind-delay').hidden = kind !== 'delay';
}

export function initFaults() {
  const form = addForm();
  form.addEventListener('submit', add);
  form.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.name === 'kind') showKindFields();
  });
  showKindFields();
  $('rules-refresh').addEventListener('click', listFaults);
  $('rules-clear').addEventListener('click', removeAll);
}
