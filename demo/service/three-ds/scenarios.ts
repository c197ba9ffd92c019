import type { ChallengeState, FlowStatus, Outcome } from '../kernel/wire-types';

/** What a frictionless authentication (or a finished one) reports through challenge-result. */
export interface FrictionlessResult {
  outcome: Outcome;
  state: ChallengeState;
  /** Which ECI: the brand's fully authenticated, attempted or not-authenticated value. */
  eci: 'authenticated' | 'attempted' | 'none';
  /** Not-enrolled cards have no authentication value: the cryptogram is ''. */
  cryptogram: boolean;
}

/** How an authentication of the scenario's card starts and continues. */
export type ScenarioFlow =
  | { kind: 'frictionless'; result: FrictionlessResult }
  | {
      kind: 'fingerprint';
      /** `fingerprint-silent` is a page that never posts its result. */
      page: 'fingerprint' | 'fingerprint-silent';
      next: 'frictionless' | 'challenge';
    }
  | { kind: 'challenge' }
  | { kind: 'processing'; processingSubmits: number }
  | { kind: 'final'; status: 'failed' | 'error' | 'canceled'; outcome: Outcome };

export type ChallengeAction = 'approve' | 'wrong_code';

/**
 * What `POST /v1/charges` does with the card once it is authenticated. Absent: the charge follows
 * the 3DS result (paid, unless its `threeDS` failed). `declined`: the issuer refuses it (201
 * `failed`, `failureReason: 'card_declined'`). `declines_renewals`: only the charges the merchant
 * makes without the shopper (a subscription's renewals and retries) are refused so.
 */
export type ChargeBehaviour = 'declined' | 'declines_renewals';

export interface Scenario {
  name: string;
  card: string;
  description: string;
  /** The widget's terminal result when the shopper does `challengeAction`. */
  expected: { status: FlowStatus; outcome?: Outcome };
  challengeAction?: ChallengeAction;
  flow: ScenarioFlow;
  /** The first challenge-result call of each authentication answers 500. */
  failFirstChallengeResult?: boolean;
  charge?: ChargeBehaviour;
}

export const AUTHENTICATED: FrictionlessResult = {
  outcome: 'authenticated',
  state: 'success',
  eci: 'authenticated',
  cryptogram: true,
};

/** The one-time code the challenge page accepts. */
export const CHALLENGE_CODE = '1234';

/** Test cards: Luhn-valid Visa numbers 4000 0000 0000 0xxC, one per scenario. */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: 'Frictionless success',
    card: '4000000000000010',
    description: 'authenticate answers succeeded (authenticated); no fingerprint, no challenge.',
    expected: { status: 'succeeded', outcome: 'authenticated' },
    flow: { kind: 'frictionless', result: AUTHENTICATED },
  },
  {
    name: 'Fingerprint then frictionless',
    card: '4000000000000028',
    description:
      'authenticate answers requires_submission with a fingerprintingUrl; the page posts its result after ~300 ms; submit answers succeeded (authenticated).',
    expected: { status: 'succeeded', outcome: 'authenticated' },
    flow: { kind: 'fingerprint', page: 'fingerprint', next: 'frictionless' },
  },
  {
    name: 'Fingerprint then challenge',
    card: '4000000000000036',
    description: `requires_submission with a fingerprintingUrl, then submit answers requires_challenge; enter ${CHALLENGE_CODE} on the challenge page.`,
    expected: { status: 'succeeded' },
    challengeAction: 'approve',
    flow: { kind: 'fingerprint', page: 'fingerprint', next: 'challenge' },
  },
  {
    name: 'Direct challenge',
    card: '4000000000000044',
    description: `authenticate answers requires_challenge with a challengeUrl; enter ${CHALLENGE_CODE}.`,
    expected: { status: 'succeeded' },
    challengeAction: 'approve',
    flow: { kind: 'challenge' },
  },
  {
    name: 'Challenge failed (wrong code)',
    card: '4000000000000051',
    description:
      'authenticate answers requires_challenge; enter any code other than 1234: challenge-result state failure.',
    expected: { status: 'failed' },
    challengeAction: 'wrong_code',
    flow: { kind: 'challenge' },
  },
  {
    name: 'Fingerprinting page never answers',
    card: '4000000000000069',
    description:
      "requires_submission with a fingerprintingUrl whose page never posts; after the widget's fingerprint timeout, submit without a result answers succeeded (authenticated).",
    expected: { status: 'succeeded', outcome: 'authenticated' },
    flow: { kind: 'fingerprint', page: 'fingerprint-silent', next: 'frictionless' },
  },
  {
    name: 'Authentication failed (denied)',
    card: '4000000000000077',
    description: 'authenticate answers failed with outcome denied.',
    expected: { status: 'failed', outcome: 'denied' },
    flow: { kind: 'final', status: 'failed', outcome: 'denied' },
  },
  {
    name: 'Authentication rejected',
    card: '4000000000000085',
    description: 'authenticate answers failed with outcome rejected.',
    expected: { status: 'failed', outcome: 'rejected' },
    flow: { kind: 'final', status: 'failed', outcome: 'rejected' },
  },
  {
    name: 'Card not enrolled',
    card: '4000000000000093',
    description:
      "authenticate answers succeeded with outcome not_supported; challenge-result state unenrolled, eci '07', empty cryptogram.",
    expected: { status: 'succeeded', outcome: 'not_supported' },
    flow: {
      kind: 'frictionless',
      result: { outcome: 'not_supported', state: 'unenrolled', eci: 'none', cryptogram: false },
    },
  },
  {
    name: 'Attempt (attempt_acknowledged)',
    card: '4000000000000101',
    description:
      "authenticate answers succeeded with outcome attempt_acknowledged; challenge-result state success, eci '06'.",
    expected: { status: 'succeeded', outcome: 'attempt_acknowledged' },
    flow: {
      kind: 'frictionless',
      result: {
        outcome: 'attempt_acknowledged',
        state: 'success',
        eci: 'attempted',
        cryptogram: true,
      },
    },
  },
  {
    name: 'Processing then success',
    card: '4000000000000119',
    description:
      'authenticate answers processing; the first submit answers processing again; the second answers succeeded (authenticated).',
    expected: { status: 'succeeded', outcome: 'authenticated' },
    flow: { kind: 'processing', processingSubmits: 1 },
  },
  {
    name: '3DS error',
    card: '4000000000000127',
    description: 'authenticate answers error with outcome internal_error.',
    expected: { status: 'error', outcome: 'internal_error' },
    flow: { kind: 'final', status: 'error', outcome: 'internal_error' },
  },
  {
    name: '500 on the first challenge-result',
    card: '4000000000000135',
    description:
      'Frictionless success, but the first challenge-result call answers 500 Internal server error; the widget retries and the next call succeeds.',
    expected: { status: 'succeeded', outcome: 'authenticated' },
    flow: { kind: 'frictionless', result: AUTHENTICATED },
    failFirstChallengeResult: true,
  },
  {
    name: 'Authentication canceled',
    card: '4000000000000143',
    description: 'authenticate answers canceled with outcome canceled.',
    expected: { status: 'canceled', outcome: 'canceled' },
    flow: { kind: 'final', status: 'canceled', outcome: 'canceled' },
  },
  {
    name: 'Issuer declines the charge',
    card: '4000000000000150',
    description:
      'Frictionless success (challenge-result state success), but the issuer declines the charge: POST /v1/charges answers 201 with status failed, failureReason card_declined.',
    expected: { status: 'succeeded', outcome: 'authenticated' },
    flow: { kind: 'frictionless', result: AUTHENTICATED },
    charge: 'declined',
  },
  {
    name: 'Issuer declines renewals',
    card: '4000000000000341',
    description:
      'Frictionless success; charges with the card are paid, but the issuer declines the charges a merchant makes on it later without the shopper (a subscription’s renewals): they are failed, failureReason card_declined.',
    expected: { status: 'succeeded', outcome: 'authenticated' },
    flow: { kind: 'frictionless', result: AUTHENTICATED },
    charge: 'declines_renewals',
  },
];

/** Any other Luhn-valid number: frictionless success. */
export const DEFAULT_SCENARIO: Scenario = {
  name: 'Any other card',
  card: '',
  description: 'Any other Luhn-valid number: frictionless success (authenticated).',
  expected: { status: 'succeeded', outcome: 'authenticated' },
  flow: { kind: 'frictionless', result: AUTHENTICATED },
};

const BY_CARD = new Map(SCENARIOS.map((scenario) => [scenario.card, scenario]));

export const scenarioForCard = (number: string): Scenario =>
  BY_CARD.get(number) ?? DEFAULT_SCENARIO;

/** What `GET /sandbox/scenarios` serves. */
export interface PublicScenario {
  name: string;
  card: string;
  description: string;
  expected: Scenario['expected'];
  challengeAction?: ChallengeAction;
  charge?: ChargeBehaviour;
}

export const publicScenarios = (): PublicScenario[] =>
  SCENARIOS.map(({ name, card, description, expected, challengeAction, charge }) => ({
    name,
    card,
    description,
    expected: { ...expected },
    ...(challengeAction === undefined ? {} : { challengeAction }),
    ...(charge === undefined ? {} : { charge }),
  }));
