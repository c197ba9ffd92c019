import type { ApiClient } from '../api/client';
import {
  CHALLENGE_RESULT_ATTEMPTS,
  CHALLENGE_RESULT_RETRY_DELAY_MS,
  PROCESSING_DEADLINE_MS,
  PROCESSING_FIRST_DELAY_MS,
  PROCESSING_MAX_DELAY_MS,
} from '../constants';
import { CheckoutError } from '../errors';
import type {
  AuthenticateRequest,
  AuthenticateResponse,
  AuthenticationResult,
  BrowserInfo,
  ChallengeResult,
  CheckoutEventType,
  Outcome,
  SubmitResponse,
} from '../types';
import type { ChallengeEnd } from './challenge-dialog';
import type { FingerprintEnd } from './fingerprint-frame';
import { checkServiceUrl } from './safe-url';

/** The flow's side effects, each injectable for tests. */
export interface FlowEdges {
  api: ApiClient;
  browserInfo(): BrowserInfo;
  fingerprint(url: URL, authenticationId: string, signal: AbortSignal): Promise<FingerprintEnd>;
  challenge(url: URL, authenticationId: string, signal: AbortSignal): Promise<ChallengeEnd>;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  now(): number;
  emit(type: CheckoutEventType, authenticationId?: string): void;
}

type StepResponse = AuthenticateResponse | SubmitResponse;

/**
 * The flow table of docs/protocol.md, row by row:
 *
 * | after authenticate / submit | the widget                                              |
 * |-----------------------------|---------------------------------------------------------|
 * | requires_submission         | fingerprint (if a URL), then submit, with or without it |
 * | requires_challenge          | challenge in a modal, then challenge-result             |
 * | succeeded                   | challenge-result, returned as `threeDS`                 |
 * | processing                  | submit again, backing off, within a deadline            |
 * | failed, error, canceled     | that status and outcome                                 |
 */
export async function runFlow(
  request: AuthenticateRequest,
  edges: FlowEdges,
  signal: AbortSignal,
): Promise<AuthenticationResult> {
  edges.emit('authenticate:start');
  const response = await edges.api.authenticate(
    { ...request, browser: edges.browserInfo() },
    signal,
  );
  return continueFlow(response, edges, signal);
}

/**
 * The table from any authenticate-shaped answer on: the authenticate response, or the
 * `nextAction` of a charge created with managed 3DS.
 */
export async function continueFlow(
  first: AuthenticateResponse,
  edges: FlowEdges,
  signal: AbortSignal,
): Promise<AuthenticationResult> {
  let response: StepResponse = first;
  const { authenticationId } = response;
  if (!authenticationId)
    throw new CheckoutError('bad_response', 'authenticate gave no authenticationId');
  const emit = (type: CheckoutEventType) => edges.emit(type, authenticationId);
  const result = (
    status: AuthenticationResult['status'],
    outcome?: Outcome,
    threeDS?: ChallengeResult,
  ): AuthenticationResult => ({
    authenticationId,
    status,
    ...(outcome && { outcome }),
    ...(threeDS && { threeDS }),
  });
  const submit = async (fingerprintingResult?: string): Promise<SubmitResponse> => {
    const answer = await edges.api.submit(
      { authenticationId, ...(fingerprintingResult && { fingerprintingResult }) },
      signal,
    );
    if (answer.authenticationId !== authenticationId)
      throw new CheckoutError('bad_response', 'submit answered for another authenticationId');
    return answer;
  };
  /** challenge-result only reads the outcome, so a failed call is safe to repeat, a few times. */
  const challengeResult = async (): Promise<ChallengeResult> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await edges.api.challengeResult({ authenticationId }, signal);
      } catch (error) {
        const retry =
          error instanceof CheckoutError &&
          RETRIED.has(error.code) &&
          attempt < CHALLENGE_RESULT_ATTEMPTS;
        if (!retry) throw error;
        await edges.sleep(CHALLENGE_RESULT_RETRY_DELAY_MS * attempt, signal);
      }
    }
  };
  // `processing`: waits 0.5 s, 1 s, 2 s, 4 s, 4 s … and gives up (`timeout`) at the deadline.
  let delay = PROCESSING_FIRST_DELAY_MS;
  let deadline: number | undefined;

  for (;;) {
    switch (response.status) {
      case 'requires_submission': {
        // The fingerprinting result, or none when there is no URL or it timed out.
        const raw = (response as AuthenticateResponse).fingerprintingUrl;
        let fingerprintingResult: string | undefined;
        if (raw !== undefined) {
          const url = checkServiceUrl(raw, 'fingerprintingUrl');
          emit('fingerprint:start');
          const end = await edges.fingerprint(url, authenticationId, signal);
          emit(end === 'timeout' ? 'fingerprint:timeout' : 'fingerprint:complete');
          if (end !== 'timeout') fingerprintingResult = end.fingerprintingResult;
        }
        response = await submit(fingerprintingResult);
        break;
      }
      case 'requires_challenge': {
        // The modal, then challenge-result; status follows `threeDS.state`.
        if (response.challengeUrl === undefined)
          throw new CheckoutError('bad_response', 'requires_challenge came without a challengeUrl');
        const url = checkServiceUrl(response.challengeUrl, 'challengeUrl');
        const end = await edges.challenge(url, authenticationId, signal);
        if (end === 'timeout')
          throw new CheckoutError('timeout', 'The challenge was not completed in time');
        if (end === 'closed') {
          emit('challenge:closed');
          return result('canceled', 'abandoned');
        }
        emit('challenge:complete');
        const threeDS = await challengeResult();
        return result(statusOfChallenge(threeDS), undefined, threeDS);
      }
      case 'succeeded':
        // Frictionless: the challenge-result body is what the charge needs.
        return result('succeeded', response.outcome, await challengeResult());
      case 'processing':
        deadline ??= edges.now() + PROCESSING_DEADLINE_MS;
        if (edges.now() + delay > deadline) {
          throw new CheckoutError(
            'timeout',
            `Authentication ${authenticationId} was still processing after ${PROCESSING_DEADLINE_MS / 1000} s`,
          );
        }
        await edges.sleep(delay, signal);
        delay = Math.min(delay * 2, PROCESSING_MAX_DELAY_MS);
        response = await submit();
        break;
      default:
        return result(response.status, response.outcome);
    }
  }
}

const RETRIED = new Set(['server_error', 'network', 'timeout']);

export const statusOfChallenge = (threeDS: ChallengeResult): AuthenticationResult['status'] =>
  threeDS.state === 'success' ? 'succeeded' : threeDS.state === 'error' ? 'error' : 'failed';
