// Shared by the demo pages. Strings from a server only ever reach the DOM as text nodes.
/** @import { CardInput, ChallengeResult, CheckoutError } from '../../../src/index' */

/**
 * An answer as the pages read it: `body` is the JSON the server sent (its text when it is not
 * JSON), unchecked: the QA pages show error answers as they came, and check a shape where they
 * read one. `fault`: the sandbox rule that answered (its `Sandbox-Fault` header), when one did.
 * @typedef {{ ok: boolean, status: number, body: any, fault?: string }} Reply
 */

/**
 * A seeded login and merchant, as /demo-config.json lists them (demo/service/accounts/demo-accounts.ts).
 * @typedef {{ label: string, email: string, role: 'admin' | 'merchant', merchantId?: string, secretKey?: string }} DemoLogin
 * @typedef {{ id: string, tradeName: string, kind: 'master' | 'sub', parentId: string | null }} DemoMerchant
 * @typedef {{ logins: DemoLogin[], merchants: DemoMerchant[] }} DemoAccounts
 */

/**
 * What /demo-config.json tells the pages (demo/merchant/app.ts).
 * @typedef {object} DemoConfig
 * @property {string} apiUrl
 * @property {string} threeDsUrl
 * @property {string} demoUrl
 * @property {string} publishableKey
 * @property {DemoAccounts} accounts
 */

/**
 * The merchant server's products (demo/merchant/catalogue.ts), and a cart of them.
 * @typedef {{ sku: string, name: string, description: string, type: string, unitPrice: number }} Product
 * @typedef {{ currency: string, products: Product[] }} Catalogue
 * @typedef {{ sku: string, quantity: number }} CartLine
 * @typedef {Product & { quantity: number, unitCents: number, lineCents: number }} PricedLine
 */

/** What `h` appends: a node or a text; nothing for null, undefined and false. @typedef {Node | string | null | undefined | false} Child */

/**
 * The element with this `id`, checked to be a `type` (any element when none is given). A page
 * and its script are written together, so a missing element is a bug: said here by its id, not
 * later as a property of null.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {{ new (): T }} [type]
 * @returns {T}
 */
export function $(id, type) {
  const element = document.getElementById(id);
  if (!element || (type && !(element instanceof type))) {
    throw new Error(`#${id} is not on this page${type ? ` as a ${type.name}` : ''}`);
  }
  return /** @type {T} */ (element);
}

/**
 * Gives a payment form its submit handler, then enables its Pay button (`#pay`), which starts
 * disabled in the page: until the handler is attached (the page awaits its config and catalogue
 * first), Enter in a field would submit the page itself, a reload with an empty query.
 * @param {HTMLFormElement} form
 * @param {(event: SubmitEvent) => void} onSubmit
 */
export function onPay(form, onSubmit) {
  form.addEventListener('submit', onSubmit);
  $('pay', HTMLButtonElement).disabled = false;
}

/**
 * The control of `form` named `name` (`form.elements[name]`), checked to be a `type`: an input, a
 * select or a textarea (each has a `value`) when none is given.
 * @template {Element} [T=HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement]
 * @param {HTMLFormElement} form
 * @param {string} name
 * @param {{ new (): T }} [type]
 * @returns {T}
 */
export function field(form, name, type) {
  const control = form.elements.namedItem(name);
  const found = type
    ? control instanceof type
    : control instanceof HTMLInputElement ||
      control instanceof HTMLSelectElement ||
      control instanceof HTMLTextAreaElement;
  if (!found) throw new Error(`#${form.id} has no ${type?.name ?? 'field'} named ${name}`);
  return /** @type {T} */ (control);
}

/** The message of what a `catch` caught. @param {unknown} error */
export const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/**
 * The fields of a widget's rejection (a CheckoutError: `code`, `statusCode`, `issues`), read by
 * their shape as the pages always did; anything else thrown has none of them.
 * @param {unknown} error
 * @returns {Partial<CheckoutError>}
 */
export const widgetError = (error) => /** @type {Partial<CheckoutError>} */ (error ?? {});

/**
 * `h('p', { class: 'x' }, 'text', child)`: attributes as given, strings appended as text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [attributes]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'dataset') Object.assign(element.dataset, value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child !== undefined && child !== null && child !== false) element.append(child);
  }
  return element;
}

/** @type {Promise<DemoConfig> | undefined} */
let config;
/**
 * Where the other origins are (their ports may be overridden) and the publishable key.
 * @returns {Promise<DemoConfig>}
 */
export function loadConfig() {
  config ??= fetch('/demo-config.json').then((response) => {
    if (!response.ok) throw new Error(`demo-config.json answered ${response.status}`);
    return response.json();
  });
  return config;
}

/**
 * `{ ok, status, body }`; a body that is not JSON comes back as text.
 * @param {string} url
 * @param {Omit<RequestInit, 'headers'> & { headers?: Record<string, string> }} [init]
 * @returns {Promise<Reply>}
 */
export async function requestJson(url, init = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { Accept: 'application/json', ...init.headers },
  });
  const text = await response.text();
  /** @type {unknown} */
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Kept as text.
  }
  const fault = response.headers.get('Sandbox-Fault');
  return { ok: response.ok, status: response.status, body, ...(fault ? { fault } : {}) };
}

/** @param {unknown} value */
export const digitsOnly = (value) => String(value).replace(/\D+/g, '');

/** @param {unknown} value */
export const groupCardNumber = (value) => digitsOnly(value).replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * @param {number} amount
 * @param {string} currency
 */
export function formatMoney(amount, currency, locale = 'en-US') {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** "14:03:22.104" in local time. @param {string | number | Date} value */
export function clockTime(value) {
  const date = new Date(value);
  /** @param {number} n */
  const pad = (n, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/**
 * A service or merchant-server error body as one line of text (never "null" or "undefined").
 * @param {Reply} reply
 */
export function describeHttpError(reply) {
  const { body, status } = reply;
  const message = body && typeof body === 'object' ? body.message : undefined;
  if (status === 0) {
    return `the merchant server could not be reached (${typeof message === 'string' && message ? message : 'network error'})`;
  }
  if (typeof message === 'string' && message) {
    const code = typeof body.statusCode === 'number' ? body.statusCode : status;
    return `${code} ${typeof body.error === 'string' && body.error ? `${body.error}: ` : ''}${message}`;
  }
  return `HTTP ${status}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`;
}

/** @type {Promise<Catalogue> | undefined} */
let catalogue;
/**
 * The merchant server's products: `{ currency, products: [{ sku, name, description, type, unitPrice }] }`.
 * @returns {Promise<Catalogue>}
 */
export function loadCatalogue() {
  catalogue ??= fetch('/merchant/catalogue').then((response) => {
    if (!response.ok) throw new Error(`the catalogue answered ${response.status}`);
    return response.json();
  });
  return catalogue;
}

/**
 * A cart `[{ sku, quantity }]` priced for display, in cents as the server does it, so the amount
 * the widget authenticates is the amount the server charges.
 * @param {Catalogue} catalogue
 * @param {CartLine[]} cart
 * @returns {{ currency: string, lines: PricedLine[], total: number }}
 */
export function priceCart({ products, currency }, cart) {
  const lines = cart.map(({ sku, quantity }) => {
    const product = products.find((p) => p.sku === sku);
    if (!product) throw new Error(`${sku} is not in the catalogue`);
    const unitCents = Math.round(product.unitPrice * 100);
    return { ...product, quantity, unitCents, lineCents: unitCents * quantity };
  });
  const totalCents = lines.reduce((sum, line) => sum + line.lineCents, 0);
  return { currency, lines, total: totalCents / 100 };
}

/**
 * The spec's variant A, from the card a merchant's own form collected.
 * @param {{ card: CardInput, cvv: string, installments: number, threeDS?: ChallengeResult }} values
 */
export function cardPaymentMethod({ card, cvv, installments, threeDS }) {
  return {
    type: 'credit_card',
    number: digitsOnly(card.number),
    holderName: card.holderName,
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
    cvv,
    installments,
    ...(threeDS ? { threeDS } : {}),
  };
}

/**
 * The merchant server (same origin) prices the cart, adds the customer, the secret key and the
 * postbackUrl, and calls the API's POST /v1/charges; the browser never calls it. `{ ok, status,
 * body }`: the charge (201, `paid` or `failed`) or the error.
 * @param {{ cart: CartLine[], paymentMethod: object, customer?: object }} order
 */
export function createCharge({ cart, paymentMethod, customer }) {
  return requestJson('/merchant/charges', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ cart, paymentMethod, ...(customer ? { customer } : {}) }),
  });
}

/**
 * What an `onCharge` returns: the charge body of any 2xx (a `failed` charge too: the widget shows
 * the decline), and an Error with the server's message otherwise.
 * @param {Reply} reply
 */
export function chargeOrThrow(reply) {
  if (reply.ok) return reply.body;
  const message = reply.body && typeof reply.body === 'object' ? reply.body.message : undefined;
  throw new Error(
    typeof message === 'string' ? message : `the merchant server answered ${reply.status}`,
  );
}

/** Tone of a status pill. @param {string} status */
export function toneOf(status) {
  if (status === 'succeeded' || status === 'paid') return 'good';
  if (status === 'failed' || status === 'error') return 'bad';
  if (status === 'canceled' || status === 'authentication_required') return 'warn';
  return 'neutral';
}
