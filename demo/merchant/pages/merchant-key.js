// Whose sandbox a QA page acts on: a seeded merchant's secret key (from /demo-config.json) or
// one typed. Shared by the Subscriptions and Webhooks pages, which have the same merchant form:
// #merchant-select, #secret-key, #merchant-form, #merchant-load and the #merchant-state line.
import { h } from './demo-helpers.js';
import { errorLine } from './platform-exchange.js';

const $ = (id) => document.getElementById(id);
let apiUrl = '';

/** An API URL of `path` (`/v1/subscriptions?…`). */
export const api = (path) => `${apiUrl}${path}`;

/** `Authorization` of every operation here: the secret key field, as `base64(key:)`. */
export function basic() {
  const key = $('secret-key').value.trim();
  return key === '' ? undefined : `Basic ${btoa(`${key}:`)}`;
}

/** The seeded merchants that have a secret key, from /demo-config.json. */
function fillMerchants(config) {
  const logins = (config.accounts?.logins ?? []).filter((l) => typeof l.secretKey === 'string');
  const select = $('merchant-select');
  select.replaceChildren(
    ...logins.map((l) => h('option', { value: l.secretKey }, `${l.label} · ${l.secretKey}`)),
    h('option', { value: '' }, 'Another key (type it)'),
  );
  const current = $('secret-key').value.trim();
  select.value = logins.some((l) => l.secretKey === current) ? current : '';
  return logins;
}

/**
 * Wires the merchant form. Choosing a merchant (or "Use this key") runs `check` and `load`
 * together: `check`'s reply says whether the key was taken (the state line), `load` shows the
 * merchant's data. Resolves once the default merchant is shown, with "Use this key" enabled,
 * which tells a test the page is ready.
 */
export function initMerchantKey(config, { check, load }) {
  apiUrl = config.apiUrl;
  const logins = fillMerchants(config);
  const nameOf = (key) => logins.find((l) => l.secretKey === key)?.label ?? 'the typed key';
  const apply = async () => {
    const key = $('secret-key').value.trim();
    $('merchant-state').textContent = `Loading ${nameOf(key)}…`;
    const [reply] = await Promise.all([check(), load()]);
    $('merchant-state').textContent = reply.ok
      ? `Acting as ${nameOf(key)} (${key})`
      : `Key refused: ${errorLine(reply)}`;
  };
  $('merchant-select').addEventListener('change', (event) => {
    if (event.currentTarget.value === '') {
      $('secret-key').focus();
      return;
    }
    $('secret-key').value = event.currentTarget.value;
    apply();
  });
  $('secret-key').addEventListener('input', () => {
    const key = $('secret-key').value.trim();
    $('merchant-select').value = logins.some((l) => l.secretKey === key) ? key : '';
  });
  $('merchant-form').addEventListener('submit', (event) => {
    event.preventDefault();
    apply();
  });
  return apply().then(() => {
    $('merchant-load').disabled = false;
  });
}
