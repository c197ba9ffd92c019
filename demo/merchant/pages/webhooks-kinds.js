// The event kinds an endpoint takes, as checkboxes: "all (*)" or any of the kinds the sandbox
// lists (`GET /sandbox/webhook-endpoints/kinds`).
import { $, h } from './demo-helpers.js';
import { api, basic } from './merchant-key.js';
import { errorLine, exchange, notice } from './platform-exchange.js';

export const ALL = '*';
/** @type {string[]} */
let kinds = [];

/**
 * The fieldset's event boxes.
 * @param {HTMLElement} fieldset
 * @returns {NodeListOf<HTMLInputElement>} the selector takes inputs only
 */
const boxesOf = (fieldset, checked = false) =>
  fieldset.querySelectorAll(`input[name="events"]${checked ? ':checked' : ''}`);

/**
 * Fills `fieldset` (its legend kept) with "all (*)" and a box per kind, `selected` checked.
 * @param {HTMLElement} fieldset
 * @param {string[]} [selected]
 */
export function renderKinds(fieldset, selected = []) {
  const legend = fieldset.querySelector('legend');
  const all = selected.includes(ALL);
  /** @param {string} value @param {string} text */
  const box = (value, text) =>
    h(
      'label',
      {},
      h('input', {
        type: 'checkbox',
        name: 'events',
        value,
        checked: selected.includes(value),
        disabled: value !== ALL && all,
      }),
      ` ${text}`,
    );
  // Kinds the endpoint has that the list does not (an older sandbox's), kept visible.
  const shown = [...kinds, ...selected.filter((k) => k !== ALL && !kinds.includes(k))];
  fieldset.replaceChildren(
    ...(legend ? [legend] : []),
    box(ALL, 'all (*)'),
    ...shown.map((kind) => box(kind, kind)),
  );
}

/**
 * What the fieldset says: `["*"]`, or the kinds checked (maybe none: the API answers that).
 * @param {HTMLElement} fieldset
 */
export function chosenKinds(fieldset) {
  const checked = [...boxesOf(fieldset, true)].map((input) => input.value);
  return checked.includes(ALL) ? [ALL] : checked;
}

/** "All (*)" checked greys out the single kinds (they are not sent). @param {HTMLElement} fieldset */
export function wireKinds(fieldset) {
  fieldset.addEventListener('change', (event) => {
    const changed = event.target;
    if (!(changed instanceof HTMLInputElement) || changed.value !== ALL) return;
    for (const input of boxesOf(fieldset)) {
      if (input.value !== ALL) input.disabled = changed.checked;
    }
  });
}

/**
 * A kind as the sandbox lists it ("*" has its own box).
 * @param {unknown} kind
 * @returns {kind is string}
 */
const isKind = (kind) => typeof kind === 'string' && kind !== ALL;

/** Loads the kinds the sandbox offers; the forms and the events filter list them. */
export async function loadKinds() {
  const reply = await exchange($('kinds-exchange'), {
    url: api('/sandbox/webhook-endpoints/kinds'),
    auth: basic(),
  });
  /** @type {unknown[]} */
  const listed = reply.ok && Array.isArray(reply.body?.kinds) ? reply.body.kinds : [];
  kinds = listed.filter(isKind);
  const form = $('add-kinds');
  // What was checked stays checked; at first, the charges' kinds.
  const charges = kinds.filter((kind) => kind.startsWith('charge.'));
  const kept = chosenKinds(form);
  renderKinds(form, kept.length > 0 ? kept : charges.length > 0 ? charges : [ALL]);
  if (!reply.ok) form.append(notice(`Kinds not loaded: ${errorLine(reply)}`, 'bad'));
  $('events-kinds').replaceChildren(
    ...[...kinds, 'webhook.test'].map((kind) => h('option', { value: kind })),
  );
  return reply;
}
