// Who the Platform page is: the seeded login it chose, its Bearer token and its secret key.
import { $, field, h } from './demo-helpers.js';
import { errorLine, exchange } from './platform-exchange.js';
/** @import { DemoAccounts, DemoConfig, DemoLogin, DemoMerchant } from './demo-helpers.js' */

/**
 * The logged-in account; `token` is undefined until a login succeeds.
 * @type {{ login?: DemoLogin, token?: string, role?: 'admin' | 'merchant', merchantId?: string }}
 */
export const session = {
  login: undefined,
  token: undefined,
  role: undefined,
  merchantId: undefined,
};

/** @type {DemoAccounts} */
let accounts = { logins: [], merchants: [] };
let apiUrl = '';

/** @param {string | null | undefined} id */
export const merchantName = (id) => accounts.merchants.find((m) => m.id === id)?.tradeName ?? id;

/** `Authorization` of the Bearer operations (none before a login: the API answers 401). */
export const bearer = () => (session.token === undefined ? undefined : `Bearer ${session.token}`);

/** `Authorization` of the Basic operations: the secret key field, as `base64(key:)`. */
export function basic() {
  const key = $('secret-key', HTMLInputElement).value.trim();
  return key === '' ? undefined : `Basic ${btoa(`${key}:`)}`;
}

/** @param {DemoMerchant} merchant */
const labelOf = (merchant) => {
  if (merchant.kind === 'master') return `${merchant.tradeName} (master)`;
  return `${merchant.tradeName} (sub of ${merchantName(merchant.parentId)})`;
};

/** Options of a merchant select, by its `data-merchants` kind. @param {HTMLSelectElement} select */
function fillSelect(select) {
  const kind = select.dataset.merchants;
  const list =
    kind === 'subs' ? accounts.merchants.filter((m) => m.kind === 'sub') : accounts.merchants;
  const first =
    kind === 'own' ? 'Own (no merchantId)' : kind === 'any' ? 'any in scope' : undefined;
  select.replaceChildren(
    ...(first === undefined ? [] : [h('option', { value: '' }, first)]),
    ...list.map((m) => h('option', { value: m.id }, labelOf(m))),
  );
}

/** @param {string} [parentId] */
const firstSub = (parentId) =>
  accounts.merchants.find(
    (m) => m.kind === 'sub' && (parentId === undefined || m.parentId === parentId),
  )?.id;

/** What each merchant select starts on for the logged-in account. */
function chooseDefaults() {
  const own = session.merchantId;
  const kind = accounts.merchants.find((m) => m.id === own)?.kind;
  const defaults = {
    'wallets-merchant': session.role === 'admin' ? firstSub() : '',
    'payout-merchant': kind === 'sub' ? own : firstSub(own),
    'fees-merchant': kind === 'sub' ? own : (firstSub(own) ?? firstSub()),
  };
  for (const [id, value] of Object.entries(defaults)) {
    if (value !== undefined) $(id, HTMLSelectElement).value = value;
  }
}

function showSession() {
  const state = $('session-state');
  if (session.token === undefined) {
    state.textContent = 'Not logged in';
    return;
  }
  state.textContent =
    session.role === 'admin'
      ? `Logged in as ${session.login?.label} (administrator)`
      : `Logged in as ${session.login?.label} (merchant ${session.merchantId})`;
}

/** @param {SubmitEvent} event */
async function logIn(event) {
  event.preventDefault();
  const form = $('login-form', HTMLFormElement);
  const email = field(form, 'email', HTMLSelectElement).value;
  const login = accounts.logins.find((l) => l.email === email);
  const reply = await exchange($('login-exchange'), {
    method: 'POST',
    url: `${apiUrl}/v1/auth/login`,
    body: { email, password: field(form, 'password').value },
  });
  Object.assign(session, {
    login,
    token: reply.ok ? reply.body.accessToken : undefined,
    role: reply.ok ? reply.body.role : undefined,
    merchantId: reply.ok ? reply.body.merchantId : undefined,
  });
  showSession();
  if (!reply.ok) $('session-state').textContent = `Login refused: ${errorLine(reply)}`;
  else chooseDefaults();
}

/** The account select from the seed, the merchant selects, and the login form. @param {DemoConfig} config */
export function initSession(config) {
  apiUrl = config.apiUrl;
  accounts = config.accounts ?? accounts;
  const select = $('login-account', HTMLSelectElement);
  select.replaceChildren(
    ...accounts.logins.map((l) => h('option', { value: l.email }, `${l.label} · ${l.email}`)),
  );
  const keyOf = () => accounts.logins.find((l) => l.email === select.value)?.secretKey ?? '';
  select.addEventListener('change', () => {
    $('secret-key', HTMLInputElement).value = keyOf();
  });
  $('secret-key', HTMLInputElement).value = keyOf();
  /** @type {NodeListOf<HTMLSelectElement>} the selector takes selects only */
  const merchantSelects = document.querySelectorAll('select[data-merchants]');
  for (const merchantSelect of merchantSelects) {
    fillSelect(merchantSelect);
  }
  $('login-form').addEventListener('submit', logIn);
  $('login', HTMLButtonElement).disabled = false;
}
