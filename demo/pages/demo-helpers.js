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

/** A service or merchant-server error body as one line of text. */
export function describeHttpError(reply) {
  const { body, status } = reply;
  if (status === 0)
    return `the merchant server could not be reached (${body?.message ?? 'network error'})`;
  if (body && typeof body === 'object' && typeof body.message === 'string') {
    return `${body.statusCode ?? status} ${body.error ? `${body.error}: ` : ''}${body.message}`;
  }
  return `HTTP ${status}${typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''}`;
}

/**
 * The merchant server (same origin) adds the secret key and postbackUrl and calls the API's
 * POST /v1/charges; the browser never calls it. The payment method is the spec's variant A.
 */
export function createCharge({
  amount,
  currency,
  card,
  cvv,
  installments,
  threeDS,
  customer,
  items,
}) {
  const paymentMethod = {
    type: 'credit_card',
    number: digitsOnly(card.number),
    holderName: card.holderName,
    expirationMonth: card.expirationMonth,
    expirationYear: card.expirationYear,
    cvv,
    installments,
    ...(threeDS ? { threeDS } : {}),
  };
  return requestJson('/merchant/charges', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ amount, currency, customer, items, paymentMethod }),
  });
}

/** Tone of a status pill. */
export function toneOf(status) {
  if (status === 'succeeded' || status === 'paid') return 'good';
  if (status === 'failed' || status === 'error') return 'bad';
  if (status === 'canceled' || status === 'authentication_required') return 'warn';
  return 'neutral';
}
