/**
 * What the server client throws. Three classes, told apart with `instanceof`:
 * - `ServerApiError`: the service answered with an error status (its body's `statusCode`,
 *   `message`, `error`);
 * - `ServerNetworkError`: no usable answer came (`code` says why);
 * - `ServerClientError`: the client refused before sending anything (`code` says why).
 */

/** Which request failed. */
export interface RequestLine {
  method: string;
  /** Path and query, without the base URL (never carries a key or token). */
  path: string;
}

/**
 * The service answered with a status of 400 or more. `statusCode`, `message` and `error` are the
 * spec's error body; an answer without that body (a proxy's page) gets the HTTP status, the
 * status text as `message` and no `error`.
 */
export class ServerApiError extends Error {
  override readonly name = 'ServerApiError';
  readonly statusCode: number;
  readonly error: string | undefined;
  readonly method: string;
  readonly path: string;

  constructor(
    request: RequestLine,
    body: { statusCode: number; message: string; error?: string | undefined },
  ) {
    super(body.message);
    this.statusCode = body.statusCode;
    this.error = body.error;
    this.method = request.method;
    this.path = request.path;
  }
}

/**
 * - `timeout`: no complete answer within `timeoutMs` (the request may still have been carried
 *   out: read the resource before creating it again);
 * - `network`: the connection failed (DNS, refused, reset, TLS) or the answer was a redirect;
 * - `bad_response`: a success status whose body is not JSON.
 */
export type ServerNetworkErrorCode = 'timeout' | 'network' | 'bad_response';

/** No usable answer. `cause` holds the underlying error, when there is one. */
export class ServerNetworkError extends Error {
  override readonly name = 'ServerNetworkError';
  readonly code: ServerNetworkErrorCode;
  readonly method: string;
  readonly path: string;

  constructor(code: ServerNetworkErrorCode, request: RequestLine, cause?: unknown) {
    super(NETWORK_MESSAGES[code](request), cause === undefined ? undefined : { cause });
    this.code = code;
    this.method = request.method;
    this.path = request.path;
  }
}

const NETWORK_MESSAGES: Record<ServerNetworkErrorCode, (r: RequestLine) => string> = {
  timeout: (r) => `${r.method} ${r.path}: the service did not answer in time`,
  network: (r) => `${r.method} ${r.path}: the service could not be reached`,
  bad_response: (r) => `${r.method} ${r.path}: the answer is not JSON`,
};

/**
 * - `invalid_options`: `createServerClient` got an option it cannot use;
 * - `secret_key_in_browser`: a secret key given where `window` and `document` exist;
 * - `no_secret_key`: a Basic (secret key) operation on a client made without one;
 * - `not_logged_in`: a Bearer operation before `login()`;
 * - `invalid_argument`: an id or argument that cannot be put in a request.
 */
export type ServerClientErrorCode =
  | 'invalid_options'
  | 'secret_key_in_browser'
  | 'no_secret_key'
  | 'not_logged_in'
  | 'invalid_argument';

/** Refused by the client itself; nothing was sent. */
export class ServerClientError extends Error {
  override readonly name = 'ServerClientError';
  readonly code: ServerClientErrorCode;

  constructor(code: ServerClientErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
