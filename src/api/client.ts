import { type Check, parse } from '../checks';
import { abortedError, CheckoutError, type ErrorCode } from '../errors';
import type {
  AuthenticateResponse,
  BrowserInfo,
  CardInput,
  ChallengeResult,
  SubmitResponse,
} from '../types';
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

/** `application/json` or a `+json` type, parameters allowed (RFC 6838 structured suffix). */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * The spec's HTTP status → our error code. Other 4xx are the service refusing the request; a 3xx
 * that fetch hands back (no Location to follow) is no answer of the spec's.
 */
export const errorCodeForStatus = (status: number): ErrorCode =>
  STATUS_CODES[status] ??
  (status >= 500 ? 'server_error' : status >= 400 ? 'unprocessable' : 'bad_response');

export function createApiClient(config: ApiClientConfig): ApiClient {
  const authorization = `Basic ${btoa(`${config.publishableKey}:`)}`;
  const root = config.baseUrl.href.replace(/\/+$/, '');

  /**
   * POST `{base_url}/v1/three-ds/{step}`: the answer, validated, or a typed error. The caller's
   * signal plus a timer of our own (a timer, not AbortSignal.timeout, so tests can fake it);
   * `race` settles on abort even if a page script wrapped fetch and ignores signals; `aborted`
   * comes first so that an abort which already happened beats an answer already there.
   */
  const endpoint =
    <T>(step: string, schema: Check<T>) =>
    async (body: object, signal: AbortSignal): Promise<T> => {
      const path = `/v1/three-ds/${step}`;
      // Not even a request (the card number is in authenticate's) once the flow is aborted.
      if (signal.aborted) throw abortedError(signal.reason);
      const controller = new AbortController();
      const aborted = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason));
      });
      aborted.catch(() => {});
      const race = <T>(work: Promise<T>): Promise<T> => Promise.race([aborted, work]);
      const abort = () => controller.abort();
      const timer = setTimeout(abort, config.timeoutMs);
      signal.addEventListener('abort', abort);
      try {
        const response = await race(
          (config.fetch ?? fetch)(root + path, {
            method: 'POST',
            headers: {
              Authorization: authorization,
              'Content-Type': 'application/json',
              Accept: 'application/json',
            },
            body: JSON.stringify(body),
            signal: controller.signal,
            credentials: 'omit',
            redirect: 'error',
          }),
        );
        const { status } = response;
        const text = await race(response.text());
        let json: unknown; // stays undefined when the body is not JSON: no schema accepts that
        try {
          json = JSON.parse(text);
        } catch {}
        if (!response.ok) {
          const error = parse(errorBodySchema, json);
          throw new CheckoutError(
            errorCodeForStatus(status),
            error.success ? error.data.message : `The service answered with status ${status}`,
            { statusCode: status },
          );
        }
        // The spec's bodies are JSON; anything labelled otherwise (a proxy's or portal's page) is not its answer.
        const parsed = parse(
          schema,
          JSON_TYPE.test(response.headers.get('content-type') ?? '') ? json : undefined,
        );
        if (parsed.success) return parsed.data;
        const where = parsed.issues[0]?.path || 'body';
        throw new CheckoutError('bad_response', `Unexpected answer from ${path} (${where})`, {
          statusCode: status,
        });
      } catch (error) {
        if (error instanceof CheckoutError) throw error;
        // Why the request failed: the caller aborted, our timer fired, or the network failed.
        if (signal.aborted) throw abortedError(error);
        const timedOut = controller.signal.aborted;
        throw new CheckoutError(
          timedOut ? 'timeout' : 'network',
          timedOut ? 'The service did not answer in time' : 'The service could not be reached',
          { cause: error },
        );
      } finally {
        clearTimeout(timer);
        signal.removeEventListener('abort', abort);
      }
    };

  return {
    authenticate: endpoint('authenticate', authenticateResponseSchema),
    submit: endpoint('submit', submitResponseSchema),
    challengeResult: endpoint('challenge-result', challengeResultSchema),
  };
}
