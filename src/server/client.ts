/**
 * `createServerClient`: the options checked, then one transport, one Bearer session and the
 * namespaces of `resources.ts` over them.
 */
import type { LoginRequest, LoginResponse } from './api-types';
import { BearerSession } from './auth';
import { ServerClientError } from './errors';
import { type ApiRequest, basicAuthorization, send, type TransportOptions } from './http';
import { type Auth, buildResources, type ServerResources } from './resources';

export interface ServerClientOptions {
  /**
   * The merchant's secret API key, for every operation but the Bearer ones (wallets, payout
   * requests). Refused in a browser: whoever loads the page could read it.
   */
  secretKey?: string;
  /** The service's address (`{base_url}`): `https:`, or `http:` on loopback only. */
  baseUrl: string;
  /**
   * Bound of each attempt, answer and body included, in milliseconds (default 30 000, at most
   * 600 000). A GET or a POST is tried up to 3 times, so it may take about three times this.
   */
  timeoutMs?: number;
  /** The `fetch` to use (default: the global one when called). For tests and custom runtimes. */
  fetch?: typeof fetch;
  /** The clock of the token refresh, in milliseconds (default `Date.now`). For tests. */
  now?: () => number;
}

export interface ServerClient extends ServerResources {
  /**
   * Logs in (`POST /v1/auth/login`) and switches the Bearer operations on. The credentials are
   * kept in memory to log in again shortly before the token expires. A failed login throws
   * `ServerApiError` (401) and switches the Bearer operations off.
   */
  login(credentials: LoginRequest): Promise<LoginResponse>;
  /** Forgets the credentials and the token. */
  logout(): void;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_TIMEOUT_MS = 600_000;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const invalid = (message: string) => new ServerClientError('invalid_options', message);

/** The browser test of the design's rule: a secret key never lives in a page. */
const inBrowser = () => typeof window !== 'undefined' && typeof document !== 'undefined';

function checkBaseUrl(value: unknown): string {
  if (typeof value !== 'string') throw invalid('baseUrl must be a string such as https://…');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(`baseUrl is not an absolute URL: ${JSON.stringify(value)}`);
  }
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (url.protocol !== 'https:' && !loopbackHttp) {
    throw invalid('baseUrl must use https: (http: only for localhost, 127.0.0.1 or [::1])');
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw invalid('baseUrl must not carry credentials, a query or a fragment');
  }
  return url.href.replace(/\/+$/, '');
}

function checkOptions(options: ServerClientOptions): TransportOptions & { now: () => number } {
  if (typeof options !== 'object' || options === null) throw invalid('options must be an object');
  const { secretKey, timeoutMs = DEFAULT_TIMEOUT_MS, fetch: fetchOption, now } = options;
  if (secretKey !== undefined) {
    // Basic's username ends at the first colon; control characters cannot go in a header.
    if (typeof secretKey !== 'string' || !/^[^\s:\p{Cc}]+$/u.test(secretKey)) {
      throw invalid('secretKey must be a non-empty string without spaces or colons');
    }
    if (inBrowser()) {
      throw new ServerClientError(
        'secret_key_in_browser',
        'secretKey is refused in a browser: anyone who loads the page could read it and act ' +
          'as the merchant. Keep it on the server; the browser uses the widget with the ' +
          'publishable key.',
      );
    }
  }
  if (
    typeof timeoutMs !== 'number' ||
    !Number.isFinite(timeoutMs) ||
    timeoutMs <= 0 ||
    timeoutMs > MAX_TIMEOUT_MS
  ) {
    throw invalid(`timeoutMs must be a number of milliseconds from 1 to ${MAX_TIMEOUT_MS}`);
  }
  if (fetchOption !== undefined && typeof fetchOption !== 'function') {
    throw invalid('fetch must be a function');
  }
  if (now !== undefined && typeof now !== 'function') throw invalid('now must be a function');
  return {
    baseUrl: checkBaseUrl(options.baseUrl),
    timeoutMs,
    // Read when called, so a fetch replaced later (a test's stub, an instrumentation) is used.
    fetch: fetchOption ?? ((input, init) => fetch(input, init)),
    now: now ?? Date.now,
  };
}

/**
 * A typed client of the Payments Service for the merchant's server (Node ≥ 20 or an edge
 * runtime). Failures throw `ServerApiError`, `ServerNetworkError` or `ServerClientError`
 * (`errors.ts`). GET and POST are retried (network failures, timeouts, 502/503/504; a POST also
 * after a 409 while its first attempt still runs): each POST carries an `Idempotency-Key`, one
 * per call unless its options give one, the same on every retry, so the service acts once.
 * PATCH, DELETE and the administrator's payout reviews are sent once.
 */
export function createServerClient(options: ServerClientOptions): ServerClient {
  const transport = checkOptions(options);
  const secretKey = options.secretKey;
  const basic = secretKey === undefined ? undefined : basicAuthorization(secretKey);
  const session = new BearerSession(
    async (credentials) =>
      (await send(
        transport,
        { method: 'POST', path: '/v1/auth/login', body: credentials },
        async () => undefined,
      )) as LoginResponse,
    transport.now,
  );

  const authorization = (auth: Auth) => async (): Promise<string> => {
    if (auth === 'bearer') return session.authorization();
    if (basic === undefined) {
      throw new ServerClientError(
        'no_secret_key',
        'This operation takes the secret key: createServerClient({ secretKey, baseUrl })',
      );
    }
    return basic;
  };

  const resources = buildResources(async <T>(auth: Auth, request: ApiRequest) => {
    try {
      return (await send(transport, request, authorization(auth))) as T;
    } catch (error) {
      if (auth === 'bearer') session.rejected(error);
      throw error;
    }
  });

  return {
    ...resources,
    login: (credentials) => session.login(credentials),
    logout: () => session.logout(),
  };
}
