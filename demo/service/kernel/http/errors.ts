import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The spec's error body. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  error?: string;
}

export const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
};

/**
 * Errors the spec names carry exactly the fields it shows (`error` only on its 422s);
 * errors of our own (validation, unknown ids the spec does not name) carry the reason phrase.
 */
export const spec = {
  unauthorized: (): ErrorBody => ({ statusCode: 401, message: 'Unauthorized' }),
  forbidden: (): ErrorBody => ({ statusCode: 403, message: 'Forbidden' }),
  customerNotFound: (): ErrorBody => ({ statusCode: 404, message: 'customer not found' }),
  cardNotFound: (): ErrorBody => ({ statusCode: 404, message: 'card not found' }),
  planNotFound: (): ErrorBody => ({ statusCode: 404, message: 'subscription plan not found' }),
  /** The spec's odd body for wallets of an unknown merchant. */
  walletMerchantNotFound: (): ErrorBody => ({
    statusCode: 404,
    message: 'Unauthorized',
    error: 'merchant not found',
  }),
  payoutNotFound: (): ErrorBody => ({ statusCode: 404, message: 'payout request not found' }),
  invalidItems: (): ErrorBody => ({
    statusCode: 422,
    message: 'the items list contains items with invalid type',
    error: 'Unprocessable Entity',
  }),
  inactiveSubMerchant: (): ErrorBody => ({
    statusCode: 422,
    message: 'sub-merchant is not active',
    error: 'Unprocessable Entity',
  }),
  invalidActivation: (): ErrorBody => ({
    statusCode: 400,
    message: 'invalid activation value or card already activated',
  }),
  subAccountNotFound: (): ErrorBody => ({ statusCode: 404, message: 'sub-account not found' }),
  /** Fee information for a master without the capability (the spec's own message). */
  connectRequired: (): ErrorBody => ({
    statusCode: 403,
    message: 'enable_connect capability is required',
    error: 'Forbidden',
  }),
  internal: (): ErrorBody => ({ statusCode: 500, message: 'Internal server error' }),
} as const;

/** The spec's 403, with what was wrong in `error`. */
export const forbiddenBecause = (reason: string): ErrorBody => ({
  statusCode: 403,
  message: 'Forbidden',
  error: reason,
});

/** An error of our own: the status, a clear message and the reason phrase. */
export const ownError = (statusCode: number, message: string): ErrorBody => ({
  statusCode,
  message,
  error: REASONS[statusCode] ?? 'Error',
});

export const badRequest = (message: string): ErrorBody => ownError(400, message);

/** Thrown by handlers and stores; the app's error handler answers with its body. */
export class ApiError extends Error {
  readonly body: ErrorBody;
  constructor(body: ErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.body = body;
  }
}

export const sendError = (c: Context, body: ErrorBody): Response =>
  c.json(body, body.statusCode as ContentfulStatusCode);

/** The JSON error handler of the API origin and of the merchant server. */
export function jsonErrorHandler(log: (line: string) => void) {
  return (error: Error, c: Context): Response => {
    if (error instanceof ApiError) return sendError(c, error.body);
    if (error instanceof HTTPException && error.status < 500) {
      const message = error.message || REASONS[error.status] || 'Request refused';
      return sendError(c, ownError(error.status, message));
    }
    log(`error: ${c.req.method} ${c.req.path}: ${error.stack ?? error.message}`);
    return sendError(c, spec.internal());
  };
}

export const jsonNotFound = (c: Context): Response =>
  sendError(c, ownError(404, `Cannot ${c.req.method} ${c.req.path}`));
