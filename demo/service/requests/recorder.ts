import type { Context, MiddlewareHandler } from 'hono';
import type { ApiEnv } from '../accounts/authenticate';
import { FAULT_HEADER, NO_ANSWER_HEADER } from '../faults/rules';
import { newId } from '../kernel/ids';
import { bounded, isLogged, loggedBody, redact, redactedQuery } from './rules';
import type { NewLoggedRequest, RequestLog } from './store';

const REPLAYED_HEADER = 'Idempotent-Replayed';
const isJson = (type: string | null | undefined) =>
  /^application\/([\w.+-]*\+)?json/i.test(type ?? '');

/** The body the client sent, as text, when it declared JSON (an upload's bytes are not kept). */
function requestText(c: Context<ApiEnv>): Promise<string | null> {
  const sent =
    c.req.header('Content-Length') !== undefined || c.req.header('Transfer-Encoding') !== undefined;
  if (!sent || !isJson(c.req.header('Content-Type'))) return Promise.resolve(null);
  // Read by the operation already, or by the fault that answered instead: from Hono's cache.
  return c.req.text().catch(() => null);
}

const afterThisTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The request log's middleware, around every route of the API origin: once a request to `/v1`
 * or `/sandbox` is answered, and if a merchant's credentials were accepted (`principal`), its
 * entry is recorded. The answer's JSON is caught as the handler gives it (`c.json`), so the
 * response is never read back; redaction and the write happen after the answer is on its way.
 */
export const recordRequests =
  (requests: RequestLog): MiddlewareHandler<ApiEnv> =>
  async (c, next) => {
    const { method, path } = c.req;
    if (!isLogged(method, path)) return next();
    const started = Date.now();
    let answered: { value: unknown } | undefined;
    const json = c.json as (...args: unknown[]) => Response;
    c.json = ((value: unknown, ...rest: unknown[]) => {
      answered = { value };
      return json(value, ...rest);
    }) as typeof c.json;
    await next();
    const principal = c.get('principal');
    if (principal?.role !== 'merchant') return;
    const { headers } = c.res;
    const dropped = headers.get(NO_ANSWER_HEADER) !== null;
    const sent = requestText(c);
    // An answer not built by `c.json` (a replay, a page): read from a copy, when it is JSON.
    const answer =
      answered !== undefined || dropped || !isJson(headers.get('Content-Type'))
        ? Promise.resolve(answered?.value ?? null)
        : c.res
            .clone()
            .json()
            .catch(() => null);
    const entry = {
      id: newId('req'),
      merchant_id: principal.merchant.id,
      at: new Date(started),
      method,
      path,
      status: dropped ? null : c.res.status,
      duration_ms: Date.now() - started,
      fault_id: headers.get(FAULT_HEADER),
      idempotent_replayed: headers.get(REPLAYED_HEADER) === 'true',
    };
    const url = c.req.url;
    requests.record(
      afterThisTurn().then(async (): Promise<NewLoggedRequest> => {
        const [text, body] = await Promise.all([sent, answer]);
        return {
          ...entry,
          query: JSON.stringify(redactedQuery(new URL(url).searchParams)),
          request_body: nullableJson(loggedBody(text)),
          response_body: nullableJson(bounded(redact(body))),
        };
      }),
    );
  };

const nullableJson = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);
