export type ErrorCode =
  | 'invalid_input'
  | 'configuration'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'unprocessable'
  | 'server_error'
  | 'network'
  | 'timeout'
  | 'bad_response'
  | 'insecure_url'
  | 'aborted'
  | 'busy'
  /** The form only: the charge the merchant created failed. */
  | 'declined';

/** One rule a field of the input broke, e.g. `{ path: 'card.number', message: '…' }`. */
export interface InputIssue {
  path: string;
  message: string;
}

export interface CheckoutErrorInit {
  statusCode?: number;
  issues?: InputIssue[];
  cause?: unknown;
}

/** The only error the widget throws or rejects with; `code` says what went wrong. */
export class CheckoutError extends Error {
  readonly code: ErrorCode;
  readonly statusCode?: number;
  readonly issues?: InputIssue[];

  constructor(code: ErrorCode, message: string, init: CheckoutErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'CheckoutError';
    this.code = code;
    // The fields exist on every instance (class fields); these give them their values, if any.
    this.statusCode = init.statusCode;
    this.issues = init.issues;
  }
}

export const isCheckoutError = (value: unknown): value is CheckoutError =>
  value instanceof CheckoutError;

export const abortedError = (cause?: unknown): CheckoutError =>
  new CheckoutError('aborted', 'The authentication was aborted', { cause });

/** Anything that is not already ours (a DOM failure, a bug) still reaches the caller typed. */
export const asCheckoutError = (error: unknown, what: string): CheckoutError =>
  error instanceof CheckoutError
    ? error
    : new CheckoutError('configuration', `${what}: ${String(error)}`, { cause: error });
