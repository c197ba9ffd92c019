import * as z from 'zod/mini';
import type {
  AuthenticateResponse,
  BrowserInfo,
  CardInput,
  ChallengeResult,
  SubmitResponse,
} from '../types';
import { CheckoutError, type ErrorCode } from './errors';
import {
  authenticateResponseSchema,
  challengeResultSchema,
  errorBodySchema,
  submitResponseSchema,
} from './schemas';

export interface ApiClientConfig {
  /** Already checked by `checkServiceUrl`. */
  baseUrl: URL;
  publishableKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export interface AuthenticateBody {
  amount: number;
  currency: string;
  card: CardInput;
  browser: BrowserInfo;
}

export interface SubmitBody {
  authenticationId: string;
  fingerprintingResult?: string;
}

export interface ApiClient {
  authenticate(body: AuthenticateBody, signal: AbortSignal): Promise<AuthenticateResponse>;
  submit(body: SubmitBody, signal: AbortSignal): Promise<SubmitResponse>;
  challengeResult(
    body: { authenticationId: string },
    signal: AbortSignal,
  ): Promise<ChallengeResult>;
}

const STATUS_CODES: Record<number, ErrorCode> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  422: 'unprocessable',
};

/** The spec's HTTP status → our error code. Other 4xx are the service refusing the request. */
export const errorCodeForStatus = (status: number): ErrorCode =>
  STATUS_CODES[status] ?? (status >= 500 ? 'server_error' : 'unprocessable');

export function createApiClient(config: ApiClientConfig): ApiClient {
  // zod would probe `new Function` to compile parsers: a CSP violation on a strict merchant page.
  z.config({ jitless: true });
  const authorization = `Basic ${btoa(`${config.publishableKey}:`)}`;
  const root = config.baseUrl.href.replace(/\/+$/, '');

  async function post<S extends z.ZodMiniType>(
    path: string,
    body: object,
    schema: S,
    signal: AbortSignal,
  ): Promise<z.infer<S>> {
    const request = withTimeout(signal, config.timeoutMs);
    try {
      const response = await request.race(
        (config.fetch ?? fetch)(`${root}${path}`, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify(body),
          signal: request.signal,
          credentials: 'omit',
          cache: 'no-store',
          redirect: 'error',
        }),
      );
      const json = parseJson(await request.race(response.text()));
      if (!response.ok) throw errorFromResponse(response.status, json);
      const parsed = schema.safeParse(json);
      if (parsed.success) return parsed.data;
      const where = parsed.error.issues[0]?.path.join('.') || 'body';
      throw new CheckoutError(
        'bad_response',
        `The service's answer to ${path} has an unexpected shape (${where})`,
        { statusCode: response.status },
      );
    } catch (error) {
      throw failure(error, signal, request.timedOut());
    } finally {
      request.done();
    }
  }

  return {
    authenticate: (body, signal) =>
      post('/v1/three-ds/authenticate', body, authenticateResponseSchema, signal),
    submit: (body, signal) => post('/v1/three-ds/submit', body, submitResponseSchema, signal),
    challengeResult: (body, signal) =>
      post('/v1/three-ds/challenge-result', body, challengeResultSchema, signal),
  };
}

/**
 * The caller's signal plus a timer of our own (a timer, not AbortSignal.timeout, so tests can
 * fake it). `race` settles on abort even if a page script wrapped fetch and ignores signals.
 */
function withTimeout(signal: AbortSignal, ms: number) {
  const controller = new AbortController();
  let timedOut = false;
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
  });
  aborted.catch(() => {});
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const abort = () => controller.abort();
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  return {
    signal: controller.signal,
    race: <T>(work: Promise<T>): Promise<T> => Promise.race([work, aborted]),
    timedOut: () => timedOut,
    done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', abort);
    },
  };
}

/** Why a request failed: the caller aborted, our timer fired, or the network failed. */
function failure(error: unknown, signal: AbortSignal, timedOut: boolean): CheckoutError {
  if (error instanceof CheckoutError) return error;
  if (signal.aborted) {
    return new CheckoutError('aborted', 'The authentication was aborted', { cause: error });
  }
  if (timedOut) {
    return new CheckoutError('timeout', 'The service did not answer in time', { cause: error });
  }
  return new CheckoutError('network', 'The service could not be reached', { cause: error });
}

const NOT_JSON = Symbol('not json');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

function errorFromResponse(status: number, json: unknown): CheckoutError {
  const body = errorBodySchema.safeParse(json);
  const message = body.success ? body.data.message : `The service answered with status ${status}`;
  return new CheckoutError(errorCodeForStatus(status), message, { statusCode: status });
}
