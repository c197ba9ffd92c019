/**
 * One API exchange over `fetch` (no Node built-ins, so it runs on Node ≥ 20 and on edge
 * runtimes): the URL, the headers, a bound on every attempt, the answer parsed or a typed error,
 * and retries where they are safe.
 */
import { type RequestLine, ServerApiError, ServerClientError, ServerNetworkError } from './errors';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | undefined;

export interface ApiRequest {
  method: Method;
  /** Path below the base URL, its variable segments already encoded (`segment`). */
  path: string;
  query?: object;
  /** A JSON value, or a `FormData` sent as multipart. */
  body?: unknown;
  /**
   * Sent as the `Idempotency-Key` header, the same on every attempt: the service runs the
   * request once and answers a repeat with its first answer, so the request is retried like a
   * GET (and after a 409, the first attempt still running).
   */
  idempotencyKey?: string;
}

export interface TransportOptions {
  /** Absolute, without a trailing slash. */
  baseUrl: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

/**
 * A GET changes nothing, so a second attempt is harmless; a request with an idempotency key (the
 * client's POSTs) runs once at the service however often it is sent. Anything else (PATCH,
 * DELETE, a POST without a key) is never repeated: sent twice, it could act twice. Two retries,
 * 250 ms then 750 ms after the failure.
 */
export const RETRY_DELAYS_MS: readonly number[] = [250, 750];
const RETRIED_STATUSES = new Set([502, 503, 504]);
/** The service's answer while the first attempt under the same key still runs. */
const IN_PROGRESS = 409;

/** The header of a request's idempotency key. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The key of one call: the caller's (checked: 1 to 255 visible ASCII characters, as the
 * service takes it), else a new random UUID.
 */
export function idempotencyKeyOf(given: string | undefined): string {
  if (given === undefined) return crypto.randomUUID();
  if (typeof given !== 'string' || !VALID_KEY.test(given)) {
    throw new ServerClientError(
      'invalid_argument',
      'idempotencyKey must be 1 to 255 visible ASCII characters (no spaces)',
    );
  }
  return given;
}

/** One path segment from an id: encoded, and never empty, `.` or `..` (they would move the path). */
export function segment(value: string, what = 'id'): string {
  if (typeof value !== 'string' || value === '' || value === '.' || value === '..') {
    throw new ServerClientError(
      'invalid_argument',
      `${what} must be a non-empty string other than . and ..`,
    );
  }
  return encodeURIComponent(value);
}

function pathWithQuery(path: string, query: object | undefined): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}) as [string, QueryValue][]) {
    if (value !== undefined) params.append(name, String(value));
  }
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

/** `Basic base64(<key>:)`, the key's UTF-8 bytes (btoa alone takes Latin-1 only). */
export function basicAuthorization(key: string): string {
  const bytes = new TextEncoder().encode(`${key}:`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

const isErrorBody = (
  value: unknown,
): value is { statusCode: number; message: string; error?: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  typeof Reflect.get(value, 'statusCode') === 'number' &&
  typeof Reflect.get(value, 'message') === 'string';

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * One attempt. The timer bounds the answer and its body; `race` settles even when a `fetch`
 * ignores its signal, so the promise always settles.
 */
async function attempt(
  options: TransportOptions,
  line: RequestLine,
  init: RequestInit,
): Promise<unknown> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new ServerNetworkError('timeout', line));
    }, options.timeoutMs);
  });
  timedOut.catch(() => {});
  const race = <T>(work: Promise<T>): Promise<T> => Promise.race([work, timedOut]);
  let response: Response;
  let text: string;
  try {
    response = await race(
      options.fetch(options.baseUrl + line.path, { ...init, signal: controller.signal }),
    );
    text = await race(response.text());
  } catch (error) {
    if (error instanceof ServerNetworkError) throw error;
    throw new ServerNetworkError(controller.signal.aborted ? 'timeout' : 'network', line, error);
  } finally {
    clearTimeout(timer);
  }
  const parsed = parseJson(text);
  if (response.status >= 400) {
    const body = parsed.ok && isErrorBody(parsed.value) ? parsed.value : undefined;
    throw new ServerApiError(line, {
      statusCode: body?.statusCode ?? response.status,
      message: body?.message ?? (response.statusText || `HTTP ${response.status}`),
      error: typeof body?.error === 'string' ? body.error : undefined,
    });
  }
  if (!parsed.ok) throw new ServerNetworkError('bad_response', line);
  return parsed.value;
}

const retryable = (error: unknown, keyed: boolean): boolean =>
  (error instanceof ServerNetworkError && error.code !== 'bad_response') ||
  (error instanceof ServerApiError &&
    (RETRIED_STATUSES.has(error.statusCode) || (keyed && error.statusCode === IN_PROGRESS)));

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends `request`; `authorization` is asked before each attempt (a token may be refreshed in
 * between). The answer's JSON is returned as is: typed, not checked at run time.
 */
export async function send(
  options: TransportOptions,
  request: ApiRequest,
  authorization: () => Promise<string | undefined>,
): Promise<unknown> {
  const line: RequestLine = {
    method: request.method,
    path: pathWithQuery(request.path, request.query),
  };
  const multipart = request.body instanceof FormData;
  const keyed = request.idempotencyKey !== undefined;
  const delays = request.method === 'GET' || keyed ? RETRY_DELAYS_MS : [];
  // Serialised once: every attempt under one key carries the same bytes.
  const json = request.body === undefined || multipart ? undefined : JSON.stringify(request.body);
  for (let tries = 0; ; tries++) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const credential = await authorization();
    if (credential !== undefined) headers.Authorization = credential;
    // FormData sets its own multipart Content-Type, with the boundary.
    if (request.body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
    if (request.idempotencyKey !== undefined) {
      headers[IDEMPOTENCY_HEADER] = request.idempotencyKey;
    }
    const init: RequestInit = {
      method: request.method,
      headers,
      // The API never redirects; following one could send a POST and its key elsewhere.
      redirect: 'error',
    };
    if (request.body !== undefined) init.body = multipart ? (request.body as FormData) : json;
    try {
      return await attempt(options, line, init);
    } catch (error) {
      const delay = delays[tries];
      if (delay === undefined || !retryable(error, keyed)) throw error;
      await sleep(delay);
    }
  }
}
