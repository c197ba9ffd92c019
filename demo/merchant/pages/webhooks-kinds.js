// The event kinds an endpoint takes, as checkboxes: "all (*)" or any of the kinds the sandbox
// lists (`GET /sandbox/webhook-endpoints/kinds`).
import { h } from './demo-helpers.js';
import { api, basic } from './merchant-key.js';
import { errorLine, exchange, notice } from './platform-exchange.js';

export const ALL = '*';
let kinds = [];

const $ = (id) => document.getElementById(id);

/** Fills `fieldset` (its legend kept) with "all (*)" and a box per kind, `selected` checked. */
export function renderKinds(fieldset, selected = []) {
  const legend = fieldset.querySelector('legend');
  const all = selected.includes(ALL);
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
  fieldset.replaceChildren(legend, box(ALL, 'all (*)'), ...shown.map((kind) => box(kind, kind)));
}

/** What the fieldset says: `["*"]`, or the kinds checked (maybe none: the API answers that). */
export function chosenKinds(fieldset) {
  const checked = [...fieldset.querySelectorAll('input[name="events"]:checked')].map(
    (input) => input.value,
  );
  return checked.includes(ALL) ? [ALL] : checked;
}

/** "All (*)" checked greys out the single kinds (they are not sent). */
export function wireKinds(fieldset) {
  fieldset.addEventListener('change', (event) => {
    if (event.target.value !== ALL) return;
    for (const input of fieldset.querySelectorAll('input[name="events"]')) {
      if (input.value !== ALL) input.disabled = event.target.checked;
    }
  });
}

/** Loads the kinds the sandbox offers; the forms and the events filter list them. */
export async function loadKinds() {
  const reply = await exchange($('kinds-exchange'), {
    url: api('/sandbox/webhook-endpoints/kinds'),
    auth: basic(),
  });
  const listed = reply.ok && Array.isArray(reply.body?.kinds) ? reply.body.kinds : [];
  // "*" has its own box.
  kinds = listed.filter((kind) => typeof kind === 'string' && kind !== ALL);
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
