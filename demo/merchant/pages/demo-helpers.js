// Shared by the demo pages. Strings from a server only ever reach the DOM as text nodes.

/** `h('p', { class: 'x' }, 'text', child)`: attributes as given, strings appended as text. */
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

let config;
/** Where the other origins are (their ports may be overridden) and the publishable key. */
export function loadConfig() {
  config ??= fetch('/demo-config.json').then((response) => {
    if (!response.ok) throw new Error(`demo-config.json answered ${response.status}`);
    return response.json();
  });
  return config;
}

/** `{ ok, status, body }`; a body that is not JSON comes back as text. */
export async function requestJson(url, init = {}) {
  const response = await fetch(url, {
    ...init,
    headers: { Accept: 'application/json', ...init.headers },
  });
  const text = await response.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Kept as text.
  }
  return { ok: response.ok, status: response.status, body };
}

export const digitsOnly = (value) => String(value).replace(/\D+/g, '');

export const groupCardNumber = (value) => digitsOnly(value).replace(/(\d{4})(?=\d)/g, '$1 ');

export function formatMoney(amount, currency, locale = 'en-US') {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** "14:03:22.104" in local time. */
export function clockTime(value) {
  const date = new Date(value);
  const pad = (n, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** A service or merchant-server error body as one line of text (never "null" or "undefined"). */
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

let catalogue;
/** The merchant server's products: `{ currency, products: [{ sku, name, description, type, unitPrice }] }`. */
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

/** The spec's variant A, from the card a merchant's own form collected. */
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
 */
export function chargeOrThrow(reply) {
  if (reply.ok) return reply.body;
  const message = reply.body && typeof reply.body === 'object' ? reply.body.message : undefined;
  throw new Error(
    typeof message === 'string' ? message : `the merchant server answered ${reply.status}`,
  );
}

/** Tone of a status pill. */
export function toneOf(status) {
  if (status === 'succeeded' || status === 'paid') return 'good';
  if (status === 'failed' || status === 'error') return 'bad';
  if (status === 'canceled' || status === 'authentication_required') return 'warn';
  return 'neutral';
}
