import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiEnv } from '../accounts/authenticate';
import type { MerchantGate } from '../accounts/merchant-gates';
import { sleep } from '../kernel/ids';
import { exempt, FAULT_HEADER, faultBody, NO_ANSWER_HEADER } from './rules';
import type { FaultStore } from './store';

/** A page's script (the widget's QA panel) may read which rule answered. */
const faultHeaders = (id: string) => ({
  [FAULT_HEADER]: id,
  'Access-Control-Expose-Headers': FAULT_HEADER,
});

const hasBody = (c: Context<ApiEnv>) =>
  c.req.header('Content-Length') !== undefined || c.req.header('Transfer-Encoding') !== undefined;

/**
 * Hangs up without an answer. The body is read first: the client sent its request whole (what is
 * lost is the answer), and the request log shows it. The node adapter gives the socket as
 * `c.env.incoming`; the answer carries its "already sent" mark, so nothing is written.
 */
async function drop(c: Context<ApiEnv>, id: string): Promise<Response> {
  if (hasBody(c)) await c.req.text().catch(() => undefined);
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming === undefined) throw new Error('a dropped connection needs the Node HTTP server');
  incoming.socket.destroy();
  return new Response(null, { headers: { ...faultHeaders(id), [NO_ANSWER_HEADER]: 'true' } });
}

/**
 * The faults' gate, first of the merchant gates (`registry.ts`): before the operation runs, so a
 * faulted `POST` changes nothing. It sees only requests authenticated as a merchant, and tries
 * only that merchant's rules.
 */
export const faultGate =
  (faults: FaultStore): MerchantGate =>
  async (c, next) => {
    const principal = c.get('principal');
    const rule =
      principal.role === 'merchant' && !exempt(c.req.path)
        ? await faults.pick(principal.merchant.id, c.req.method, c.req.path)
        : undefined;
    if (rule === undefined) return next();
    const { action } = rule;
    if ('delayMs' in action) {
      await sleep(action.delayMs);
      await next();
      for (const [name, value] of Object.entries(faultHeaders(rule.id))) {
        c.res.headers.set(name, value);
      }
      return undefined;
    }
    if ('drop' in action) return drop(c, rule.id);
    // The client sent a body: read it, as a server that failed after reading would (and the log
    // shows it).
    if (hasBody(c)) await c.req.text().catch(() => undefined);
    return c.json(
      action.body === undefined ? faultBody(action.status) : action.body,
      action.status as ContentfulStatusCode,
      faultHeaders(rule.id),
    );
  };
