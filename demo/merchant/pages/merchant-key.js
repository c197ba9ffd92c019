// Whose sandbox a QA page acts on: a seeded merchant's secret key (from /demo-config.json) or
// one typed. Shared by the Subscriptions and Webhooks pages, which have the same merchant form:
// #merchant-select, #secret-key, #merchant-form, #merchant-load and the #merchant-state line.
import { $, h } from './demo-helpers.js';
import { errorLine } from './platform-exchange.js';

/** @import { DemoConfig, Reply } from './demo-helpers.js' */

let apiUrl = '';
const keyField = () => $('secret-key', HTMLInputElement);
const merchantSelect = () => $('merchant-select', HTMLSelectElement);

/** An API URL of `path` (`/v1/subscriptions?…`). @param {string} path */
export const api = (path) => `${apiUrl}${path}`;

/** `Authorization` of every operation here: the secret key field, as `base64(key:)`. */
export function basic() {
  const key = keyField().value.trim();
  return key === '' ? undefined : `Basic ${btoa(`${key}:`)}`;
}

/** The seeded merchants that have a secret key, from /demo-config.json. @param {DemoConfig} config */
function fillMerchants(config) {
  const logins = (config.accounts?.logins ?? []).filter((l) => typeof l.secretKey === 'string');
  const select = merchantSelect();
  select.replaceChildren(
    ...logins.map((l) => h('option', { value: l.secretKey }, `${l.label} · ${l.secretKey}`)),
    h('option', { value: '' }, 'Another key (type it)'),
  );
  const current = keyField().value.trim();
  select.value = logins.some((l) => l.secretKey === current) ? current : '';
  return logins;
}

/**
 * Wires the merchant form. Choosing a merchant (or "Use this key") runs `check` and `load`
 * together: `check`'s reply says whether the key was taken (the state line), `load` shows the
 * merchant's data. Resolves once the default merchant is shown, with "Use this key" enabled,
 * which tells a test the page is ready.
 * @param {DemoConfig} config
 * @param {{ check: () => Promise<Reply>, load: () => Promise<unknown> }} actions
 */
export function initMerchantKey(config, { check, load }) {
  apiUrl = config.apiUrl;
  const logins = fillMerchants(config);
  /** @param {string} key */
  const nameOf = (key) => logins.find((l) => l.secretKey === key)?.label ?? 'the typed key';
  const apply = async () => {
    const key = keyField().value.trim();
    $('merchant-state').textContent = `Loading ${nameOf(key)}…`;
    const [reply] = await Promise.all([check(), load()]);
    $('merchant-state').textContent = reply.ok
      ? `Acting as ${nameOf(key)} (${key})`
      : `Key refused: ${errorLine(reply)}`;
  };
  merchantSelect().addEventListener('change', () => {
    if (merchantSelect().value === '') {
      keyField().focus();
      return;
    }
    keyField().value = merchantSelect().value;
    apply();
  });
  keyField().addEventListener('input', () => {
    const key = keyField().value.trim();
    merchantSelect().value = logins.some((l) => l.secretKey === key) ? key : '';
  });
  $('merchant-form').addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  return apply().then(() => {
    $('merchant-load', HTMLButtonElement).disabled = false;
  });
}
