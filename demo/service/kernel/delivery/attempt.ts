import { type LookupAddress, type LookupOptions, lookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type AllowedHosts, refuseAddress, refuseUrl } from './allowed-hosts';

/** What one delivery attempt came to. */
export type AttemptOutcome =
  | { status: number }
  /** No answer (network error, timeout), `refused` before any connection, or `aborted`. */
  | { error: string; refused?: true; aborted?: true };

export const USER_AGENT = 'payments-sandbox-webhooks';

export class RefusedAddress extends Error {}

type Resolve = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

export type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * DNS look-up that refuses addresses the sandbox must not reach. It runs at connect time, so
 * the address checked is the address used (a second look-up cannot answer differently).
 */
export const checkedLookup =
  (allowed: AllowedHosts, resolve: Resolve = lookup) =>
  (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      for (const { address } of addresses) {
        const why = refuseAddress(allowed, address);
        if (why !== undefined) return callback(new RefusedAddress(`${hostname}: ${why}`), '');
      }
      const first = addresses[0];
      if (options.all) callback(null, addresses);
      else callback(null, first?.address ?? '', first?.family);
    });
  };

/** Connecting to several addresses fails as an AggregateError with an empty message. */
function errorText(error: unknown): string {
  if (error instanceof AggregateError && error.message === '' && error.errors.length > 0) {
    return errorText(error.errors[0]);
  }
  return error instanceof Error ? error.message || error.constructor.name : String(error);
}

/**
 * POSTs a JSON body once: the receiver's status, or why there is none. Redirects are not
 * followed (a 3xx is the receiver's answer); the timeout covers the attempt up to the response's
 * status; `signal` aborts it (`aborted`: not the receiver's doing, so not an attempt to record).
 */
export function postJson(
  rawUrl: string,
  body: string,
  options: { allowed: AllowedHosts; timeoutMs: number; signal: AbortSignal },
): Promise<AttemptOutcome> {
  // The rule the URL met when it was given, again: SANDBOX_WEBHOOK_HOSTS may have changed since.
  const why = refuseUrl(options.allowed, rawUrl);
  if (why !== undefined)
    return Promise.resolve({ error: `refused: the URL ${why}`, refused: true });
  const url = new URL(rawUrl);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const req = send(url, {
      method: 'POST',
      agent: false,
      lookup: checkedLookup(options.allowed),
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
        'User-Agent': USER_AGENT,
      },
    });
    const timer = setTimeout(() => {
      finish({ error: `timeout after ${options.timeoutMs} ms` });
      req.destroy();
    }, options.timeoutMs);
    const onAbort = () => {
      finish({ error: 'aborted: the sandbox is stopping', aborted: true });
      req.destroy();
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    if (options.signal.aborted) onAbort();
    req.on('response', (res) => {
      finish({ status: res.statusCode ?? 0 });
      // The body is not read: drain it, and never wait on it for long.
      res.on('error', () => {});
      res.resume();
      setTimeout(() => res.destroy(), options.timeoutMs).unref();
    });
    req.on('error', (error) => {
      if (error instanceof RefusedAddress) {
        finish({ error: `refused: ${error.message}`, refused: true });
      } else {
        finish({ error: `network error: ${errorText(error)}` });
      }
    });
    req.end(body);
  });
}
