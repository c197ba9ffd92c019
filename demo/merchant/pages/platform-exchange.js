// One call to the API, shown as it went: method, URL, headers and body, then status and body.
import { field, formatMoney, h, requestJson } from './demo-helpers.js';

/** @import { Child, Reply } from './demo-helpers.js' */

/**
 * A request as `exchange` takes it: `auth` is the Authorization value (none when undefined), and
 * `body` is sent as JSON, or as multipart/form-data when it is a FormData.
 * @typedef {{ method?: string, url: string, auth?: string | undefined, body?: unknown }} Call
 */

/** @param {unknown} value */
const pretty = (value) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** @param {number} status */
const toneOfStatus = (status) => {
  if (status >= 200 && status < 300) return 'good';
  if (status >= 400 && status < 500) return 'warn';
  return 'bad';
};

/** @param {{ method: string, url: string, headers: Record<string, string>, body: unknown }} request */
function requestText({ method, url, headers, body }) {
  const lines = [`${method} ${url}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return body === undefined ? lines.join('\n') : `${lines.join('\n')}\n\n${pretty(body)}`;
}

/**
 * @param {HTMLElement} box
 * @param {Parameters<typeof requestText>[0]} request
 * @param {Reply} reply
 */
function render(box, request, reply) {
  const status = reply.status === 0 ? 'network error' : String(reply.status);
  /** @param {string} text @param {string} label */
  const code = (text, label) =>
    h('pre', { class: 'code exchange-code', tabindex: '0', 'aria-label': label }, text);
  box.replaceChildren(
    h('h3', { class: 'subhead' }, 'Request'),
    code(requestText(request), 'Request sent'),
    h(
      'h3',
      { class: 'subhead' },
      'Response ',
      h('span', { class: 'pill', dataset: { tone: toneOfStatus(reply.status) } }, status),
      reply.fault
        ? h('span', { class: 'pill', dataset: { tone: 'bad' } }, `Sandbox-Fault: ${reply.fault}`)
        : null,
    ),
    code(pretty(reply.body), 'Response body'),
  );
  box.dataset.status = String(reply.status);
  if (reply.fault) box.dataset.fault = reply.fault;
  else delete box.dataset.fault;
  // How many answers this box has shown: a test waits for the next one.
  box.dataset.count = String(Number(box.dataset.count ?? 0) + 1);
  box.hidden = false;
}

/**
 * A multipart body as lines: `part "file": logo.png (image/png, 67 bytes)`.
 * @param {FormData} form
 */
const partsText = (form) =>
  [...form]
    .map(([name, value]) =>
      typeof value === 'string'
        ? `part "${name}": ${value}`
        : `part "${name}": ${value.name} (${value.type || 'no type'}, ${value.size} bytes)`,
    )
    .join('\n');

/**
 * Sends one request and shows it in `box`; `{ ok, status, body }` (status 0: it never arrived).
 * `auth` is the Authorization value, or undefined to send none; `body` is sent as JSON, or as
 * multipart/form-data when it is a FormData.
 * @param {HTMLElement} box
 * @param {Call} call
 * @returns {Promise<Reply>}
 */
export async function exchange(box, { method = 'GET', url, auth, body }) {
  const multipart = body instanceof FormData;
  /** @type {Record<string, string>} */
  const headers = { Accept: 'application/json' };
  if (auth !== undefined) headers.Authorization = auth;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  const request = multipart
    ? {
        method,
        url,
        // The browser writes the boundary itself.
        headers: { ...headers, 'Content-Type': 'multipart/form-data; boundary=…' },
        body: partsText(body),
      }
    : { method, url, headers, body };
  box.hidden = false;
  box.setAttribute('aria-busy', 'true');
  const reply = await requestJson(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: multipart ? body : JSON.stringify(body) }),
  }).catch((error) => ({ ok: false, status: 0, body: { message: error.message } }));
  render(box, request, reply);
  box.removeAttribute('aria-busy');
  return reply;
}

/**
 * A query string of the form's non-empty fields (plus `extra`), `?a=1&b=2` or ''.
 * @param {HTMLFormElement} form
 * @param {Record<string, string | undefined>} [extra]
 */
export function queryOf(form, extra = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value !== undefined && value !== '') params.set(name, value);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * A one-line outcome above a result, for what is not a table.
 * @param {string} text
 * @param {string} [tone]
 */
export const notice = (text, tone) =>
  h('p', { class: 'notice', dataset: tone ? { tone } : {} }, text);

/** The error of a reply as a line: `403 Forbidden: only …`. @param {Reply} reply */
export function errorLine(reply) {
  if (reply.status === 0)
    return `The request did not arrive: ${reply.body?.message ?? 'network error'}`;
  const body = reply.body && typeof reply.body === 'object' ? reply.body : {};
  const detail = [body.message, body.error].filter((part) => typeof part === 'string' && part);
  return `${reply.status}${detail.length > 0 ? `: ${detail.join(' · ')}` : ''}`;
}

/**
 * A table with a caption, inside a region that scrolls sideways on a narrow screen.
 * @param {string} caption
 * @param {string[]} headings
 * @param {Child[][]} rows
 */
export function table(caption, headings, rows) {
  return h(
    'div',
    { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': `${caption} table` },
    h(
      'table',
      { class: 'platform-table' },
      h('caption', {}, caption),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          headings.map((text) => h('th', { scope: 'col' }, text)),
        ),
      ),
      h(
        'tbody',
        {},
        rows.map((cells) =>
          h(
            'tr',
            {},
            cells.map((cell) => h('td', {}, cell)),
          ),
        ),
      ),
    ),
  );
}

/**
 * An amount the API answered, in its currency; a dash when there is none.
 * @param {unknown} amount
 */
export const money = (amount, currency = 'BRL') =>
  typeof amount === 'number' ? formatMoney(amount, currency) : '—';

/** `2026-11-23 16:15` (UTC) of an ISO timestamp; '—' for none. @param {unknown} iso */
export const when = (iso) =>
  typeof iso === 'string' ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '—';

/** @param {string} status @param {string} tone */
export const pill = (status, tone) => h('span', { class: 'pill', dataset: { tone } }, status);

/**
 * Previous and next page buttons: they set the form's `page` and submit it again.
 * @param {HTMLFormElement} form
 * @param {number} page
 * @param {number} pages
 */
export function pager(form, page, pages) {
  /** @param {string} text @param {number} to @param {boolean} disabled */
  const button = (text, to, disabled) => {
    const element = h('button', { type: 'button', class: 'button secondary', disabled }, text);
    element.addEventListener('click', () => {
      field(form, 'page').value = String(to);
      form.requestSubmit();
    });
    return element;
  };
  return h(
    'div',
    { class: 'pager' },
    button('Previous page', page - 1, page <= 1),
    button('Next page', page + 1, page >= pages),
  );
}
