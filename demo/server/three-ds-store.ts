import type {
  AuthenticateResponse,
  AuthenticateStatus,
  ChallengeResult,
  ChallengeState,
  Outcome,
  SubmitResponse,
} from '../../src/types';
import { pickLanguage } from './acs-i18n';
import { ApiError, badRequest, ownError, spec } from './http-errors';
import { cardBrand, newCryptogram, newId, nowIso, uuid } from './ids';
import {
  AUTHENTICATED,
  type FrictionlessResult,
  type Scenario,
  scenarioForCard,
} from './scenarios';

/** How the cardholder left the challenge page. Cancel is reported as state `failure`. */
export type ChallengeEnd = 'success' | 'failure' | 'canceled';

export interface Authentication {
  id: string;
  scenario: Scenario;
  amount: number;
  currency: string;
  brand: string;
  last4: string;
  /** The challenge page's language, from `browser.language` ('' = Accept-Language decides). */
  language: string;
  status: AuthenticateStatus;
  outcome?: Outcome;
  /** What the fingerprinting submit leads to. */
  afterFingerprint: 'frictionless' | 'challenge';
  /** How many more submits still answer `processing`. */
  processingSubmitsLeft: number;
  /** What a frictionless success reports through challenge-result. */
  result: FrictionlessResult;
  submits: number;
  fingerprintingResultReceived: boolean;
  challenge?: ChallengeEnd;
  challengeResultCalls: number;
  calls: ThreeDsCall[];
  transactionIds: { directoryServer: string; threeDsServer: string; acs: string };
  cryptogram: string;
  createdAt: string;
}

/** One call of the 3DS endpoints for an authentication, as the sandbox answered it. */
export interface ThreeDsCall {
  endpoint: '/v1/three-ds/authenticate' | '/v1/three-ds/submit' | '/v1/three-ds/challenge-result';
  status: number;
  at: string;
}

/** Calls kept per authentication: a flow makes a handful; a runaway client cannot grow it. */
const MAX_CALLS = 100;

export interface NewAuthentication {
  amount: number;
  currency: string;
  cardNumber: string;
  browserLanguage: string;
}

const FINAL: ReadonlySet<AuthenticateStatus> = new Set([
  'succeeded',
  'failed',
  'error',
  'canceled',
]);
export const isFinal = (status: AuthenticateStatus): boolean => FINAL.has(status);

/** ECIs: Visa-like brands 05 / 06 / 07, Mastercard 02 / 01 / 00. */
const ECI = {
  visa: { authenticated: '05', attempted: '06', none: '07' },
  mastercard: { authenticated: '02', attempted: '01', none: '00' },
} as const;
const eciFor = (brand: string, kind: FrictionlessResult['eci']): string =>
  (brand === 'mastercard' ? ECI.mastercard : ECI.visa)[kind];

export const THREE_DS_VERSION = '2.2.0';

/** The 3DS server and ACS state of every authentication, in memory. */
export class AuthenticationStore {
  private readonly byId = new Map<string, Authentication>();

  constructor(
    private readonly threeDsUrl: () => string,
    private readonly log: (line: string) => void,
  ) {}

  create(input: NewAuthentication): Authentication {
    const scenario = scenarioForCard(input.cardNumber);
    const { flow } = scenario;
    const auth: Authentication = {
      id: newId('auth'),
      scenario,
      amount: input.amount,
      currency: input.currency,
      brand: cardBrand(input.cardNumber),
      last4: input.cardNumber.slice(-4),
      language: pickLanguage(input.browserLanguage) ?? '',
      status: 'succeeded',
      afterFingerprint: flow.kind === 'fingerprint' ? flow.next : 'frictionless',
      processingSubmitsLeft: flow.kind === 'processing' ? flow.processingSubmits : 0,
      result: flow.kind === 'frictionless' ? flow.result : AUTHENTICATED,
      submits: 0,
      fingerprintingResultReceived: false,
      challengeResultCalls: 0,
      calls: [],
      transactionIds: { directoryServer: uuid(), threeDsServer: uuid(), acs: uuid() },
      cryptogram: newCryptogram(),
      createdAt: nowIso(),
    };
    switch (flow.kind) {
      case 'frictionless':
        this.finish(auth, 'succeeded', flow.result.outcome);
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
        this.finish(auth, flow.status, flow.outcome);
        break;
    }
    this.byId.set(auth.id, auth);
    this.log(`3ds: ${auth.id} created (${scenario.name}) → ${auth.status}`);
    return auth;
  }

  get(id: string): Authentication | undefined {
    return this.byId.get(id);
  }

  /** The authentication, or the 404 of an unknown id. */
  require(id: string): Authentication {
    const auth = this.byId.get(id);
    if (auth === undefined) {
      throw new ApiError(ownError(404, `authentication not found: no authentication has id ${id}`));
    }
    return auth;
  }

  /** The authenticate response: URLs only while they are the next step, outcome only when final. */
  authenticateResponse(auth: Authentication): AuthenticateResponse {
    const response: AuthenticateResponse = { authenticationId: auth.id, status: auth.status };
    if (auth.status === 'requires_submission' && auth.scenario.flow.kind === 'fingerprint') {
      response.fingerprintingUrl = this.pageUrl(auth, auth.scenario.flow.page);
    }
    if (auth.status === 'requires_challenge') response.challengeUrl = this.challengeUrl(auth);
    if (auth.outcome !== undefined) response.outcome = auth.outcome;
    return response;
  }

  submit(auth: Authentication, fingerprintingResult: string | undefined): SubmitResponse {
    if (auth.status === 'requires_submission') {
      auth.submits++;
      auth.fingerprintingResultReceived = fingerprintingResult !== undefined;
      this.log(
        `3ds: ${auth.id} submit ${fingerprintingResult === undefined ? 'without' : 'with'} a fingerprintingResult`,
      );
      if (auth.afterFingerprint === 'challenge') auth.status = 'requires_challenge';
      else this.finish(auth, 'succeeded', auth.result.outcome);
    } else if (auth.status === 'processing') {
      auth.submits++;
      if (auth.processingSubmitsLeft > 0) auth.processingSubmitsLeft--;
      else this.finish(auth, 'succeeded', AUTHENTICATED.outcome);
      this.log(`3ds: ${auth.id} submit while processing → ${auth.status}`);
    } else if (auth.status === 'canceled') {
      throw new ApiError(badRequest(`authentication ${auth.id} was canceled; nothing to submit`));
    }
    const { fingerprintingUrl: _none, ...response } = this.authenticateResponse(auth);
    return { ...response, status: auth.status as SubmitResponse['status'] };
  }

  /** Records the challenge page's result; false when no challenge is pending. */
  completeChallenge(auth: Authentication, end: ChallengeEnd): boolean {
    if (auth.status !== 'requires_challenge' || auth.challenge !== undefined) return false;
    auth.challenge = end;
    if (end === 'success') this.finish(auth, 'succeeded', 'authenticated');
    else this.finish(auth, 'failed', end === 'canceled' ? 'abandoned' : 'denied');
    this.log(`3ds: ${auth.id} challenge ${end}`);
    return true;
  }

  /** challenge-result: 500 on the first call of the flaky scenario; 400 while not final. */
  challengeResult(auth: Authentication): ChallengeResult {
    auth.challengeResultCalls++;
    if (auth.scenario.failFirstChallengeResult && auth.challengeResultCalls === 1) {
      this.log(`3ds: ${auth.id} challenge-result → 500 (scenario)`);
      throw new ApiError(spec.internal());
    }
    const result = this.settled(auth);
    if (result !== undefined) return result;
    const why =
      auth.status === 'requires_challenge'
        ? 'its challenge has not been completed'
        : `it is still ${auth.status}`;
    throw new ApiError(badRequest(`authentication ${auth.id} has no result yet: ${why}`));
  }

  /** The final result, without side effects, or undefined while the authentication runs. */
  settled(auth: Authentication): ChallengeResult | undefined {
    switch (auth.status) {
      case 'succeeded':
        return this.resultOf(auth, auth.challenge === 'success' ? AUTHENTICATED : auth.result);
      case 'failed':
      case 'canceled':
        return this.resultOf(auth, { ...NOT_AUTHENTICATED, state: 'failure' });
      case 'error':
        return this.resultOf(auth, { ...NOT_AUTHENTICATED, state: 'error' });
      default:
        return undefined;
    }
  }

  /** Records what an endpoint answered for the authentication (the widget's retries included). */
  recordCall(id: string, endpoint: ThreeDsCall['endpoint'], status: number): void {
    const auth = this.byId.get(id);
    if (auth === undefined || auth.calls.length >= MAX_CALLS) return;
    auth.calls.push({ endpoint, status, at: nowIso() });
  }

  /** The sandbox-only view of `GET /sandbox/authentications/{id}`. */
  inspect(auth: Authentication) {
    return {
      authenticationId: auth.id,
      scenario: auth.scenario.name,
      status: auth.status,
      ...(auth.outcome === undefined ? {} : { outcome: auth.outcome }),
      amount: auth.amount,
      currency: auth.currency,
      submits: auth.submits,
      fingerprintingResultReceived: auth.fingerprintingResultReceived,
      challenge: auth.challenge ?? (auth.status === 'requires_challenge' ? 'pending' : 'none'),
      challengeResultCalls: auth.challengeResultCalls,
      calls: auth.calls.map((call) => ({ ...call })),
      createdAt: auth.createdAt,
    };
  }

  private finish(auth: Authentication, status: AuthenticateStatus, outcome: Outcome): void {
    auth.status = status;
    auth.outcome = outcome;
  }

  private resultOf(auth: Authentication, result: FrictionlessResult): ChallengeResult {
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

  private pageUrl(auth: Authentication, page: string): string {
    const url = new URL(`/3ds/${page}`, this.threeDsUrl());
    url.searchParams.set('authenticationId', auth.id);
    return url.href;
  }

  private challengeUrl(auth: Authentication): string {
    const url = new URL(this.pageUrl(auth, 'challenge'));
    if (auth.language !== '') url.searchParams.set('lang', auth.language);
    return url.href;
  }
}

const NOT_AUTHENTICATED: FrictionlessResult = {
  outcome: 'denied',
  state: 'failure',
  eci: 'none',
  cryptogram: false,
};
