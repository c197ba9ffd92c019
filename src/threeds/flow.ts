import type { ApiClient } from '../api/client';
import { CheckoutError } from '../api/errors';
import {
  CHALLENGE_RESULT_ATTEMPTS,
  CHALLENGE_RESULT_RETRY_DELAY_MS,
  PROCESSING_DEADLINE_MS,
  PROCESSING_FIRST_DELAY_MS,
  PROCESSING_MAX_DELAY_MS,
} from '../constants';
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
 * DESIGN.md's flow table, row by row:
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
  let response: StepResponse = await edges.api.authenticate(
    { ...request, browser: edges.browserInfo() },
    signal,
  );
  const { authenticationId } = response;
  if (!authenticationId)
    throw new CheckoutError('bad_response', 'authenticate gave no authenticationId');
  const processing = backOff(edges);

  for (;;) {
    switch (response.status) {
      case 'requires_submission':
        response = await submit(
          authenticationId,
          await fingerprint(response, edges, signal),
          edges,
          signal,
        );
        break;
      case 'requires_challenge':
        return challenge(response, edges, signal);
      case 'succeeded':
        return succeeded(authenticationId, response.outcome, edges, signal);
      case 'processing':
        await processing.wait(signal, authenticationId);
        response = await submit(authenticationId, undefined, edges, signal);
        break;
      default:
        return result(authenticationId, response.status, response.outcome);
    }
  }
}

/** requires_submission: the fingerprinting result, or none when there is no URL or it timed out. */
async function fingerprint(
  response: StepResponse,
  edges: FlowEdges,
  signal: AbortSignal,
): Promise<string | undefined> {
  const id = response.authenticationId;
  if (!('fingerprintingUrl' in response) || response.fingerprintingUrl === undefined)
    return undefined;
  const url = checkServiceUrl(response.fingerprintingUrl, 'fingerprintingUrl');
  edges.emit('fingerprint:start', id);
  const end = await edges.fingerprint(url, id, signal);
  edges.emit(end.timedOut ? 'fingerprint:timeout' : 'fingerprint:complete', id);
  return end.timedOut ? undefined : end.fingerprintingResult;
}

async function submit(
  authenticationId: string,
  fingerprintingResult: string | undefined,
  edges: FlowEdges,
  signal: AbortSignal,
): Promise<SubmitResponse> {
  const body =
    fingerprintingResult === undefined
      ? { authenticationId }
      : { authenticationId, fingerprintingResult };
  const response = await edges.api.submit(body, signal);
  if (response.authenticationId !== authenticationId) {
    throw new CheckoutError('bad_response', 'submit answered for another authenticationId');
  }
  return response;
}

/** requires_challenge: the modal, then challenge-result; status follows `threeDS.state`. */
async function challenge(
  response: StepResponse,
  edges: FlowEdges,
  signal: AbortSignal,
): Promise<AuthenticationResult> {
  const id = response.authenticationId;
  if (response.challengeUrl === undefined) {
    throw new CheckoutError('bad_response', 'requires_challenge came without a challengeUrl');
  }
  const url = checkServiceUrl(response.challengeUrl, 'challengeUrl');
  const end = await edges.challenge(url, id, signal);
  if (end === 'timeout') {
    throw new CheckoutError('timeout', 'The challenge was not completed in time');
  }
  if (end === 'closed') {
    edges.emit('challenge:closed', id);
    return result(id, 'canceled', 'abandoned');
  }
  edges.emit('challenge:complete', id);
  const threeDS = await challengeResult(id, edges, signal);
  return result(id, statusOfChallenge(threeDS), undefined, threeDS);
}

/** succeeded (frictionless): the challenge-result body is what the charge needs. */
async function succeeded(
  authenticationId: string,
  outcome: Outcome | undefined,
  edges: FlowEdges,
  signal: AbortSignal,
): Promise<AuthenticationResult> {
  const threeDS = await challengeResult(authenticationId, edges, signal);
  return result(authenticationId, 'succeeded', outcome, threeDS);
}

const RETRIED = new Set(['server_error', 'network', 'timeout']);

/** challenge-result only reads the outcome, so a failed call is safe to repeat, a few times. */
async function challengeResult(
  authenticationId: string,
  edges: FlowEdges,
  signal: AbortSignal,
): Promise<ChallengeResult> {
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
}

export const statusOfChallenge = (threeDS: ChallengeResult): AuthenticationResult['status'] =>
  threeDS.state === 'success' ? 'succeeded' : threeDS.state === 'error' ? 'error' : 'failed';

function result(
  authenticationId: string,
  status: AuthenticationResult['status'],
  outcome?: Outcome,
  threeDS?: ChallengeResult,
): AuthenticationResult {
  return {
    authenticationId,
    status,
    ...(outcome === undefined ? {} : { outcome }),
    ...(threeDS === undefined ? {} : { threeDS }),
  };
}

/** `processing`: waits 0.5 s, 1 s, 2 s, 4 s, 4 s … and gives up (`timeout`) at the deadline. */
function backOff(edges: FlowEdges) {
  let delay = PROCESSING_FIRST_DELAY_MS;
  let deadline: number | undefined;
  return {
    async wait(signal: AbortSignal, authenticationId: string): Promise<void> {
      deadline ??= edges.now() + PROCESSING_DEADLINE_MS;
      if (edges.now() + delay > deadline) {
        throw new CheckoutError(
          'timeout',
          `Authentication ${authenticationId} was still processing after ${PROCESSING_DEADLINE_MS / 1000} s`,
        );
      }
      await edges.sleep(delay, signal);
      delay = Math.min(delay * 2, PROCESSING_MAX_DELAY_MS);
    },
  };
}
