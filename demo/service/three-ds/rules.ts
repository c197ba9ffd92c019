import { createHmac, timingSafeEqual } from 'node:crypto';
import { toCents } from '../kernel/db/money';
import { ApiError, badRequest, ownError, spec } from '../kernel/http/errors';
import { cardBrand, newCryptogram, newId, uuid } from '../kernel/ids';
import type {
  AuthenticateResponse,
  AuthenticateStatus,
  ChallengeResult,
  ChallengeState,
  Outcome,
  SubmitResponse,
} from '../kernel/wire-types';
import { AUTHENTICATED, type FrictionlessResult, scenarioForCard } from './scenarios';
import { type Authentication, type ChallengeEnd, scenarioPlan } from './schema';

/**
 * The 3DS server's and the ACS's rules, over an `Authentication` in memory: the store loads it,
 * a step here changes it, the store writes it back. Also the rules a charge's `threeDS` must meet
 * to be used (`mustBeClaimable`): once, for its card, amount and currency, with its result.
 */

/** An authentication as asked for: by `POST /v1/three-ds/authenticate`, or by a managed charge. */
export interface NewAuthentication {
  /** In the currency's unit, as the API speaks it. */
  amount: number;
  currency: string;
  cardNumber: string;
  browserLanguage: string;
}

/** ECIs: Visa-like brands 05 / 06 / 07, Mastercard 02 / 01 / 00. */
const ECI = {
  visa: { authenticated: '05', attempted: '06', none: '07' },
  mastercard: { authenticated: '02', attempted: '01', none: '00' },
} as const;
const eciFor = (brand: string, kind: FrictionlessResult['eci']): string =>
  (brand === 'mastercard' ? ECI.mastercard : ECI.visa)[kind];

export const THREE_DS_VERSION = '2.2.0';

const NOT_AUTHENTICATED: FrictionlessResult = {
  outcome: 'denied',
  state: 'failure',
  eci: 'none',
  cryptogram: false,
};

function finish(auth: Authentication, status: AuthenticateStatus, outcome: Outcome): void {
  auth.status = status;
  auth.outcome = outcome;
}

/** The 404 of an id no authentication of the merchant has (another merchant's included). */
export const authenticationNotFound = (id: string): ApiError =>
  new ApiError(ownError(404, `authentication not found: no authentication has id ${id}`));

/** Amounts are kept in cents: one that cannot be (a third decimal place) is a 400. */
function amountCentsOf(amount: number): number {
  try {
    return toCents(amount);
  } catch {
    throw new ApiError(ownError(400, 'amount must have at most two decimal places'));
  }
}

/** Who asks, and when: the merchant, the vault's fingerprint of the card, the time of creation. */
export interface Origin {
  merchantId: string;
  cardFingerprint: string;
  at: Date;
}

/** A new authentication in the state its card's scenario starts in. */
export function startAuthentication(
  input: NewAuthentication,
  { merchantId, cardFingerprint, at }: Origin,
): Authentication {
  const amountCents = amountCentsOf(input.amount);
  const scenario = scenarioForCard(input.cardNumber);
  const { flow } = scenario;
  const auth: Authentication = {
    id: newId('auth'),
    merchantId,
    scenario,
    ...scenarioPlan(scenario),
    amountCents,
    currency: input.currency,
    brand: cardBrand(input.cardNumber),
    last4: input.cardNumber.slice(-4),
    cardFingerprint,
    language: input.browserLanguage,
    status: 'succeeded',
    processingSubmitsLeft: flow.kind === 'processing' ? flow.processingSubmits : 0,
    submits: 0,
    fingerprintingResultReceived: false,
    challengeResultCalls: 0,
    calls: [],
    transactionIds: { directoryServer: uuid(), threeDsServer: uuid(), acs: uuid() },
    cryptogram: newCryptogram(),
    createdAt: at,
  };
  switch (flow.kind) {
    case 'frictionless':
      finish(auth, 'succeeded', flow.result.outcome);
      break;
    case 'fingerprint':
      auth.status = 'requires_submission';
      break;
    case 'challenge':
      auth.status = 'requires_challenge';
      break;
    case 'processing':
      auth.status = 'processing';
      break;
    case 'final':
      finish(auth, flow.status, flow.outcome);
      break;
  }
  return auth;
}

/** The 3DS pages' URLs (the 3DS origin is known once its server listens). */
/**
 * The bank's pages serve an authentication only to the page its flow opened: the URLs the
 * service gives (`fingerprintingUrl`, `challengeUrl`) carry this token, an HMAC of the id under a
 * secret the sandbox keeps, so an id alone (seen in a log, guessed, another merchant's) opens
 * nothing. Stateless: it survives restarts with the secret.
 */
export const pageToken = (secret: string, authenticationId: string): string =>
  createHmac('sha256', secret).update(`bank-page:${authenticationId}`).digest('base64url');

/** Whether `token` is the page token of `authenticationId` (compared in constant time). */
export function isPageToken(secret: string, authenticationId: string, token: string): boolean {
  const expected = Buffer.from(pageToken(secret, authenticationId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export class ThreeDsPages {
  constructor(
    private readonly threeDsUrl: () => string,
    private readonly pageSecret: string,
  ) {}

  /** Whether a request of the bank's pages carries the page token of `authenticationId`. */
  opens(authenticationId: string, token: string): boolean {
    return isPageToken(this.pageSecret, authenticationId, token);
  }

  /** The authenticate response: URLs only while they are the next step, outcome only when final. */
  authenticateResponse(auth: Authentication): AuthenticateResponse {
    const response: AuthenticateResponse = { authenticationId: auth.id, status: auth.status };
    if (auth.status === 'requires_submission' && auth.scenario.flow.kind === 'fingerprint') {
      response.fingerprintingUrl = this.pageUrl(auth, auth.scenario.flow.page);
    }
    if (auth.status === 'requires_challenge')
      response.challengeUrl = this.pageUrl(auth, 'challenge');
    if (auth.outcome !== undefined) response.outcome = auth.outcome;
    return response;
  }

  submitResponse(auth: Authentication): SubmitResponse {
    const { fingerprintingUrl: _none, ...response } = this.authenticateResponse(auth);
    return { ...response, status: auth.status as SubmitResponse['status'] };
  }

  private pageUrl(auth: Authentication, page: string): string {
    const url = new URL(`/3ds/${page}`, this.threeDsUrl());
    url.searchParams.set('authenticationId', auth.id);
    url.searchParams.set('token', pageToken(this.pageSecret, auth.id));
    return url.href;
  }
}

/** submit: the fingerprint's result, or one more poll while processing; the log line, if any. */
export function submit(
  auth: Authentication,
  fingerprintingResult: string | undefined,
): string | undefined {
  if (auth.status === 'requires_submission') {
    auth.submits++;
    auth.fingerprintingResultReceived = fingerprintingResult !== undefined;
    if (auth.afterFingerprint === 'challenge') auth.status = 'requires_challenge';
    else finish(auth, 'succeeded', auth.result.outcome);
    return `3ds: ${auth.id} submit ${fingerprintingResult === undefined ? 'without' : 'with'} a fingerprintingResult`;
  }
  if (auth.status === 'processing') {
    auth.submits++;
    if (auth.processingSubmitsLeft > 0) auth.processingSubmitsLeft--;
    else finish(auth, 'succeeded', AUTHENTICATED.outcome);
    return `3ds: ${auth.id} submit while processing → ${auth.status}`;
  }
  if (auth.status === 'canceled') {
    throw new ApiError(badRequest(`authentication ${auth.id} was canceled; nothing to submit`));
  }
  return undefined;
}

/** Records the challenge page's result; false when no challenge is pending. */
export function completeChallenge(auth: Authentication, end: ChallengeEnd): boolean {
  if (auth.status !== 'requires_challenge' || auth.challenge !== undefined) return false;
  auth.challenge = end;
  if (end === 'success') finish(auth, 'succeeded', 'authenticated');
  else finish(auth, 'failed', end === 'canceled' ? 'abandoned' : 'denied');
  return true;
}

/** Whether the call just counted is the flaky scenario's first, which answers 500. */
export const failsThisCall = (auth: Authentication): boolean =>
  auth.scenario.failFirstChallengeResult === true && auth.challengeResultCalls === 1;

/** challenge-result: 500 on the first call of the flaky scenario; 400 while not final. */
export function challengeResult(auth: Authentication): ChallengeResult {
  auth.challengeResultCalls++;
  if (failsThisCall(auth)) throw new ApiError(spec.internal());
  const result = settled(auth);
  if (result !== undefined) return result;
  const why =
    auth.status === 'requires_challenge'
      ? 'its challenge has not been completed'
      : `it is still ${auth.status}`;
  throw new ApiError(badRequest(`authentication ${auth.id} has no result yet: ${why}`));
}

/** The final result, without side effects, or undefined while the authentication runs. */
export function settled(auth: Authentication): ChallengeResult | undefined {
  switch (auth.status) {
    case 'succeeded':
      return resultOf(auth, auth.challenge === 'success' ? AUTHENTICATED : auth.result);
    case 'failed':
    case 'canceled':
      return resultOf(auth, { ...NOT_AUTHENTICATED, state: 'failure' });
    case 'error':
      return resultOf(auth, { ...NOT_AUTHENTICATED, state: 'error' });
    default:
      return undefined;
  }
}

function resultOf(auth: Authentication, result: FrictionlessResult): ChallengeResult {
  const state: ChallengeState = result.state;
  return {
    type: '3ds',
    state,
    cryptogram: result.cryptogram ? auth.cryptogram : '',
    directoryServerTransactionId: auth.transactionIds.directoryServer,
    threeDsServerTransactionId: auth.transactionIds.threeDsServer,
    acsTransactionId: auth.transactionIds.acs,
    eci: eciFor(auth.brand, result.eci),
    version: THREE_DS_VERSION,
  };
}

/** The values of a challenge result a charge's `threeDS` must repeat exactly. */
const RESULT_FIELDS = [
  'type',
  'state',
  'cryptogram',
  'directoryServerTransactionId',
  'acsTransactionId',
  'eci',
  'version',
] as const satisfies ReadonlyArray<keyof ChallengeResult>;

/** What a charge's `threeDS` is checked against: its card (the vault's fingerprint), amount, currency. */
export interface Claim {
  threeDS: ChallengeResult;
  cardFingerprint: string;
  amountCents: number;
  currency: string;
}

const refuse = (message: string) => new ApiError(ownError(422, message));

/**
 * A threeDS is used once. The refusal names the charge that used it when the row said so; a
 * claim that lost the race to the row's conditional update (the store's) knows no charge.
 */
export const alreadyUsed = (chargeId?: string): ApiError =>
  refuse(
    chargeId === undefined
      ? 'threeDS was already used'
      : `threeDS was already used by charge ${chargeId}`,
  );

/**
 * A charge may use its `threeDS` when it names a finished authentication of the merchant
 * (`auth`, found by its `threeDsServerTransactionId`; undefined when none), not used yet, of the
 * same card, amount and currency, whose result values it repeats exactly. Anything else is a 422
 * naming the rule, checked in this order.
 */
export function mustBeClaimable(
  auth: Authentication | undefined,
  claim: Claim,
): asserts auth is Authentication {
  if (auth === undefined)
    throw refuse('threeDS does not match any authentication of this merchant');
  if (auth.usedByChargeId !== undefined) throw alreadyUsed(auth.usedByChargeId);
  const result = settled(auth);
  if (result === undefined) {
    throw refuse('threeDS belongs to an authentication that is not finished');
  }
  if (auth.cardFingerprint !== claim.cardFingerprint) {
    throw refuse('threeDS was issued for another card');
  }
  if (auth.amountCents !== claim.amountCents || auth.currency !== claim.currency) {
    throw refuse('threeDS was issued for another amount or currency');
  }
  const { threeDS } = claim;
  const differing = RESULT_FIELDS.filter((field) => threeDS[field] !== result[field]);
  if (differing.length > 0) {
    throw refuse(
      `threeDS.${differing.join(', threeDS.')} ${differing.length === 1 ? 'does' : 'do'} not match the authentication's result`,
    );
  }
}
