// The Request log page: a merchant's requests as the sandbox logged them (GET /sandbox/requests),
// with filters and paging; each entry opens to its bodies, already masked by the sandbox.
import { $, clockTime, field, h, loadConfig, messageOf } from './demo-helpers.js';
import { api, basic, initMerchantKey } from './merchant-key.js';
import { errorLine, exchange, notice, pager, pill, queryOf } from './platform-exchange.js';

/** @import { Reply } from './demo-helpers.js' */
/** @import { LoggedRequest, MetaPage } from './sandbox-answers.js' */

const logForm = () => $('log-form', HTMLFormElement);

/** @param {number | null} status */
const toneOfStatus = (status) => {
  if (status === null || status >= 500) return 'bad';
  if (status >= 400) return 'warn';
  return 'good';
};

/** `?a=1&b=2` of a logged query, '' for none. @param {LoggedRequest['query']} query */
function queryText(query) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** @param {unknown} body @param {string} label */
const bodyView = (body, label) =>
  body === null || body === undefined
    ? h('p', { class: 'muted' }, `${label}: none (or not JSON)`)
    : h(
        'div',
        {},
        h('h3', { class: 'subhead' }, label),
        h(
          'pre',
          { class: 'code exchange-code', tabindex: '0', 'aria-label': label },
          JSON.stringify(body, null, 2),
        ),
      );

/** @param {string} term @param {import('./demo-helpers.js').Child} value */
const fact = (term, value) => h('div', {}, h('dt', {}, term), h('dd', {}, value));

/** One request: a summary line that opens to its facts and bodies. @param {LoggedRequest} entry */
function entryView(entry) {
  const status = entry.status === null ? 'no answer' : String(entry.status);
  return h(
    'li',
    {
      dataset: {
        request: entry.id,
        status,
        ...(entry.faultId ? { fault: entry.faultId } : {}),
      },
    },
    h(
      'details',
      {},
      h(
        'summary',
        {},
        h('time', { datetime: entry.at }, clockTime(entry.at)),
        h(
          'span',
          { class: 'request-path' },
          `${entry.method} ${entry.path}${queryText(entry.query)}`,
        ),
        pill(status, toneOfStatus(entry.status)),
        h('span', { class: 'muted' }, `${entry.durationMs} ms`),
        entry.faultId ? pill(`fault ${entry.faultId}`, 'bad') : null,
        entry.idempotentReplayed ? pill('replayed', 'warn') : null,
      ),
      h(
        'div',
        { class: 'entry-body' },
        h(
          'dl',
          { class: 'facts' },
          fact('Request', h('span', { class: 'mono' }, entry.id)),
          fact('At (UTC)', entry.at),
          fact('Fault rule', entry.faultId ? h('span', { class: 'mono' }, entry.faultId) : 'none'),
          fact(
            'Idempotent replay',
            entry.idempotentReplayed ? 'yes: the first answer again' : 'no',
          ),
        ),
        bodyView(entry.requestBody, 'Request body'),
        bodyView(entry.responseBody, 'Response body'),
      ),
    ),
  );
}

/** @param {HTMLFormElement} form @param {Reply} reply */
function showList(form, reply) {
  const result = $('log-result');
  const state = $('log-state');
  if (!reply.ok || !Array.isArray(reply.body?.data)) {
    // The status line is the one outcome shown (and announced).
    state.className = 'notice';
    state.dataset.tone = 'bad';
    state.textContent = `Not listed: ${errorLine(reply)}`;
    result.replaceChildren();
    return;
  }
  /** @type {Partial<MetaPage<LoggedRequest>> & { data: LoggedRequest[] }} */
  const { data, meta } = reply.body;
  const total = meta?.total ?? data.length;
  const summary = `${total} request${total === 1 ? '' : 's'} · page ${meta?.page ?? 1} of ${meta?.totalPages ?? 1}, newest first`;
  state.className = 'summary';
  delete state.dataset.tone;
  state.textContent = summary;
  result.replaceChildren(
    data.length === 0
      ? notice('No request matches.')
      : h('ol', { class: 'request-log', 'aria-label': 'Requests' }, data.map(entryView)),
    pager(form, meta?.page ?? 1, meta?.totalPages ?? 1),
  );
}

/** Lists the requests with the form's filters; its reply also says whether the key was taken. */
export async function listRequests() {
  const form = logForm();
  const reply = await exchange($('log-exchange'), {
    url: api(`/sandbox/requests${queryOf(form)}`),
    auth: basic(),
  });
  showList(form, reply);
  return reply;
}

try {
  const config = await loadConfig();
  logForm().addEventListener('submit', (event) => {
    event.preventDefault();
    listRequests();
  });
  // Another merchant's log starts at its first page. Registered before the merchant form's own
  // listeners (initMerchantKey), so the page is reset before the list is asked for.
  const firstPage = () => {
    field(logForm(), 'page').value = '1';
  };
  $('merchant-select').addEventListener('change', firstPage);
  $('merchant-form').addEventListener('submit', firstPage);
  // Last: it lists the default merchant's requests, then enables "Use this key".
  await initMerchantKey(config, { check: listRequests, load: async () => {} });
} catch (error) {
  $('merchant-state').textContent = `The page did not start: ${messageOf(error)}`;
}
