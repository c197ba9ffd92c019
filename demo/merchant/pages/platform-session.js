// Who the Platform page is: the seeded login it chose, its Bearer token and its secret key.
import { h } from './demo-helpers.js';
import { errorLine, exchange } from './platform-exchange.js';

const $ = (id) => document.getElementById(id);

/** The logged-in account; `token` is undefined until a login succeeds. */
export const session = {
  login: undefined,
  token: undefined,
  role: undefined,
  merchantId: undefined,
};

let accounts = { logins: [], merchants: [] };
let apiUrl = '';

export const merchantName = (id) => accounts.merchants.find((m) => m.id === id)?.tradeName ?? id;

/** `Authorization` of the Bearer operations (none before a login: the API answers 401). */
export const bearer = () => (session.token === undefined ? undefined : `Bearer ${session.token}`);

/** `Authorization` of the Basic operations: the secret key field, as `base64(key:)`. */
export function basic() {
  const key = $('secret-key').value.trim();
  return key === '' ? undefined : `Basic ${btoa(`${key}:`)}`;
}

const labelOf = (merchant) => {
  if (merchant.kind === 'master') return `${merchant.tradeName} (master)`;
  return `${merchant.tradeName} (sub of ${merchantName(merchant.parentId)})`;
};

/** Options of a merchant select, by its `data-merchants` kind. */
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
    if (value !== undefined) $(id).value = value;
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
      ? `Logged in as ${session.login.label} (administrator)`
      : `Logged in as ${session.login.label} (merchant ${session.merchantId})`;
}

async function logIn(event) {
  event.preventDefault();
  const form = event.currentTarget;
  const login = accounts.logins.find((l) => l.email === form.elements.email.value);
  const reply = await exchange($('login-exchange'), {
    method: 'POST',
    url: `${apiUrl}/v1/auth/login`,
    body: { email: form.elements.email.value, password: form.elements.password.value },
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

/** The account select from the seed, the merchant selects, and the login form. */
export function initSession(config) {
  apiUrl = config.apiUrl;
  accounts = config.accounts ?? accounts;
  const select = $('login-account');
  select.replaceChildren(
    ...accounts.logins.map((l) => h('option', { value: l.email }, `${l.label} · ${l.email}`)),
  );
  const keyOf = () => accounts.logins.find((l) => l.email === select.value)?.secretKey ?? '';
  select.addEventListener('change', () => {
    $('secret-key').value = keyOf();
  });
  $('secret-key').value = keyOf();
  for (const merchantSelect of document.querySelectorAll('select[data-merchants]')) {
    fillSelect(merchantSelect);
  }
  $('login-form').addEventListener('submit', logIn);
  $('login').disabled = false;
}
