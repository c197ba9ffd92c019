import { $, digitsOnly, groupCardNumber, h, messageOf, toneOf } from './demo-helpers.js';

/** @import { PublicScenario } from '../../service/three-ds/scenarios' */

/** @param {string} action */
function actionText(action) {
  if (action === 'approve') return ['Bank window: enter ', h('kbd', {}, '1234')];
  if (action === 'wrong_code') {
    return ['Bank window: enter a wrong code, e.g. ', h('kbd', {}, '0000')];
  }
  return [`Bank window: ${action}`];
}

/** @param {PublicScenario} scenario @param {(scenario: PublicScenario) => void} onUse */
function row(scenario, onUse) {
  const { name, card, description, expected, challengeAction, charge } = scenario;
  const use = h(
    'button',
    { type: 'button', class: 'button secondary', 'aria-label': `Use this card: ${name}` },
    'Use this card',
  );
  use.addEventListener('click', () => onUse(scenario));
  return h(
    'li',
    { class: 'scenario', dataset: { card } },
    h(
      'div',
      {},
      h('h3', {}, name),
      h(
        'p',
        { class: 'scenario-meta' },
        h('span', { class: 'mono scenario-card' }, groupCardNumber(card)),
        h('span', { class: 'pill', dataset: { tone: toneOf(expected.status) } }, expected.status),
        expected.outcome ? h('span', { class: 'mono muted' }, expected.outcome) : null,
        // What the charge does after the authentication, when it is not simply paid.
        charge === 'declined'
          ? h(
              'span',
              { class: 'pill', dataset: { tone: 'bad', charge } },
              'charge failed: card_declined',
            )
          : null,
      ),
    ),
    h('p', { class: 'scenario-text' }, description),
    challengeAction ? h('p', { class: 'scenario-action' }, actionText(challengeAction)) : null,
    use,
  );
}

/**
 * Renders the sandbox's scenario list; `onUse(scenario)` fills the checkout form.
 * @param {string} apiUrl
 * @param {(scenario: PublicScenario) => void} onUse
 */
export async function showScenarios(apiUrl, onUse) {
  const list = $('scenarios');
  const status = $('scenarios-status');
  try {
    const response = await fetch(`${apiUrl}/sandbox/scenarios`);
    if (!response.ok) throw new Error(`the sandbox answered ${response.status}`);
    /** @type {PublicScenario[]} */
    const scenarios = await response.json();
    list.replaceChildren(...scenarios.map((scenario) => row(scenario, onUse)));
    status.textContent = `${scenarios.length} scenarios from ${apiUrl}/sandbox/scenarios`;
    return scenarios;
  } catch (error) {
    status.textContent = `The scenario list could not be loaded: ${messageOf(error)}`;
    status.dataset.tone = 'bad';
    return [];
  }
}

/** Highlights the row whose card is in the form. @param {string} number */
export function markPicked(number) {
  const digits = digitsOnly(number);
  /** @type {NodeListOf<HTMLElement>} the rows `row` made */
  const items = document.querySelectorAll('#scenarios [data-card]');
  for (const item of items) {
    item.classList.toggle('is-picked', item.dataset.card === digits);
  }
}
