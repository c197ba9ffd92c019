import * as z from 'zod';
import { fromCents } from '../kernel/db/money';
import type { AuthenticationRow } from '../kernel/db/schema';
import {
  currencySchema,
  MONTH,
  monthSchema,
  nonEmpty,
  YEAR,
  yearSchema,
} from '../kernel/http/validation';
import { isCardNumber, isExpired } from '../kernel/ids';
import type { AuthenticateStatus, ChallengeState, Outcome } from '../kernel/wire-types';
import {
  AUTHENTICATED,
  DEFAULT_SCENARIO,
  type FrictionlessResult,
  SCENARIOS,
  type Scenario,
} from './scenarios';

export const cardNumberSchema = z
  .string()
  .refine(isCardNumber, 'must be 12 to 19 digits, without spaces, and pass the Luhn check');

/** Card fields shared by 3DS, charges (variant A) and card registration. */
export const cardFields = {
  number: cardNumberSchema,
  holderName: nonEmpty,
  expirationMonth: monthSchema,
  expirationYear: yearSchema,
};

/** False only when month and year are valid but in the past (their own rules report the rest). */
export const notExpired = (card: { expirationMonth: string; expirationYear: string }) =>
  !MONTH.test(card.expirationMonth) ||
  !YEAR.test(card.expirationYear) ||
  !isExpired(card.expirationMonth, card.expirationYear);
export const EXPIRED = {
  message: 'is in the past: the card has expired',
  path: ['expirationYear'],
};

/** The spec's `browser` object, all ten fields. */
export const browserSchema = z.strictObject({
  userAgent: z.string().max(2048),
  ipAddress: z.string().max(64),
  acceptHeader: z.string().max(2048),
  language: z.string().max(8),
  timezoneOffset: z.int(),
  javascriptEnabled: z.boolean(),
  javaEnabled: z.boolean(),
  screenWidth: z.int().nonnegative(),
  screenHeight: z.int().nonnegative(),
  colorDepth: z.int().positive(),
});

/** Amounts are kept in cents: a third decimal place cannot be stored exactly. */
export const hasAtMostTwoDecimals = (amount: number): boolean =>
  Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6;
export const TWO_DECIMALS = 'must have at most two decimal places';

export const authenticateSchema = z.strictObject({
  amount: z.number().min(1).refine(hasAtMostTwoDecimals, TWO_DECIMALS),
  currency: currencySchema,
  card: z.strictObject(cardFields).refine(notExpired, EXPIRED),
  browser: browserSchema,
});

const authenticationId = z.string().min(1).max(100);

/** The widget's bound too: a larger result is not a fingerprint. */
const MAX_FINGERPRINT_RESULT_LENGTH = 64 * 1024;

export const submitSchema = z.strictObject({
  authenticationId,
  fingerprintingResult: z
    .string()
    .max(MAX_FINGERPRINT_RESULT_LENGTH)
    .regex(/^[A-Za-z0-9+/_-]+={0,2}$/, 'must be base64')
    .optional(),
});

export const challengeResultSchema = z.strictObject({ authenticationId });

/** How the cardholder left the challenge page. Cancel is reported as state `failure`. */
export type ChallengeEnd = 'success' | 'failure' | 'canceled';

/** One call of the 3DS endpoints for an authentication, as the sandbox answered it. */
export interface ThreeDsCall {
  endpoint: '/v1/three-ds/authenticate' | '/v1/three-ds/submit' | '/v1/three-ds/challenge-result';
  status: number;
  at: string;
}

/** The flow's progress, kept as JSON in `authentications.flow_state`. */
export interface FlowState {
  /** How many more submits still answer `processing`. */
  processingSubmitsLeft: number;
  submits: number;
  fingerprintingResultReceived: boolean;
  challenge?: ChallengeEnd;
  challengeResultCalls: number;
  calls: ThreeDsCall[];
}

/** The 3DS server's and the ACS's state of one authentication. */
export interface Authentication extends FlowState {
  id: string;
  merchantId: string;
  scenario: Scenario;
  amountCents: number;
  currency: string;
  brand: string;
  last4: string;
  /** The vault's HMAC of the card number: a charge's `threeDS` can be matched to the card. */
  cardFingerprint: string;
  /**
   * `browser.language` as authenticate carried it ('' for a managed charge without browser data):
   * the ACS pages speak it (`bankLanguage` in demo/bank/i18n.ts).
   */
  language: string;
  status: AuthenticateStatus;
  outcome?: Outcome;
  /** What the fingerprinting submit leads to. */
  afterFingerprint: 'frictionless' | 'challenge';
  /** What a frictionless success reports through challenge-result. */
  result: FrictionlessResult;
  transactionIds: { directoryServer: string; threeDsServer: string; acs: string };
  cryptogram: string;
  /** The charge whose `threeDS` repeated this authentication's result: it is used once. */
  usedByChargeId?: string;
  createdAt: Date;
}

const BY_NAME = new Map(SCENARIOS.map((scenario) => [scenario.name, scenario]));
export const scenarioNamed = (name: string): Scenario => BY_NAME.get(name) ?? DEFAULT_SCENARIO;

/** What the scenario fixes for the whole flow (not stored: it follows from the scenario). */
export function scenarioPlan(scenario: Scenario) {
  const { flow } = scenario;
  return {
    afterFingerprint: flow.kind === 'fingerprint' ? flow.next : ('frictionless' as const),
    result: flow.kind === 'frictionless' ? flow.result : AUTHENTICATED,
  };
}

export const flowStateOf = (auth: Authentication): FlowState => ({
  processingSubmitsLeft: auth.processingSubmitsLeft,
  submits: auth.submits,
  fingerprintingResultReceived: auth.fingerprintingResultReceived,
  ...(auth.challenge === undefined ? {} : { challenge: auth.challenge }),
  challengeResultCalls: auth.challengeResultCalls,
  calls: auth.calls,
});

export function toAuthentication(row: AuthenticationRow): Authentication {
  const scenario = scenarioNamed(row.scenario);
  const state = row.flow_state as unknown as FlowState;
  return {
    id: row.id,
    merchantId: row.merchant_id,
    scenario,
    ...scenarioPlan(scenario),
    amountCents: row.amount_cents,
    currency: row.currency,
    brand: row.brand,
    last4: row.last4,
    cardFingerprint: row.card_fingerprint,
    language: row.language,
    status: row.status as AuthenticateStatus,
    ...(row.outcome === null ? {} : { outcome: row.outcome as Outcome }),
    processingSubmitsLeft: state.processingSubmitsLeft,
    submits: state.submits,
    fingerprintingResultReceived: state.fingerprintingResultReceived,
    ...(state.challenge === undefined ? {} : { challenge: state.challenge }),
    challengeResultCalls: state.challengeResultCalls,
    calls: state.calls,
    transactionIds: {
      directoryServer: row.ds_transaction_id,
      threeDsServer: row.three_ds_server_transaction_id,
      acs: row.acs_transaction_id,
    },
    cryptogram: row.cryptogram,
    ...(row.used_by_charge_id === null ? {} : { usedByChargeId: row.used_by_charge_id }),
    createdAt: row.created_at,
  };
}

/* Answers, as `/openapi.json` documents them (every field the sandbox sends, nothing more). */

export const AUTHENTICATE_STATUSES = [
  'requires_submission',
  'requires_challenge',
  'succeeded',
  'failed',
  'error',
  'canceled',
  'processing',
] as const satisfies readonly AuthenticateStatus[];

const OUTCOMES = [
  'authenticated',
  'informational',
  'attempt_acknowledged',
  'rejected',
  'denied',
  'abandoned',
  'not_supported',
  'processing_error',
  'internal_error',
  'canceled',
] as const satisfies readonly Outcome[];

export const CHALLENGE_STATES = [
  'success',
  'failure',
  'unenrolled',
  'error',
  'unsupported_brand',
  'disabled',
] as const satisfies readonly ChallengeState[];

export const authenticateResponseSchema = z.strictObject({
  authenticationId: z.string(),
  status: z.enum(AUTHENTICATE_STATUSES),
  fingerprintingUrl: z.url().optional().describe('With `requires_submission`: the hidden page'),
  challengeUrl: z.url().optional().describe('With `requires_challenge`: the challenge page'),
  outcome: z.enum(OUTCOMES).optional().describe('Only in terminal states'),
});

export const submitResponseSchema = authenticateResponseSchema
  .omit({ fingerprintingUrl: true })
  .extend({ status: z.enum(AUTHENTICATE_STATUSES).exclude(['requires_submission', 'canceled']) });

/** What goes into a charge's `paymentMethod.threeDS`. */
export const challengeResultResponseSchema = z.strictObject({
  type: z.string(),
  state: z.enum(CHALLENGE_STATES),
  cryptogram: z.string(),
  directoryServerTransactionId: z.string(),
  threeDsServerTransactionId: z.string(),
  acsTransactionId: z.string(),
  eci: z.string(),
  version: z.string(),
});

/** The sandbox-only view of `GET /sandbox/authentications/{id}`: amounts in units, ISO times. */
export function inspect(auth: Authentication) {
  return {
    authenticationId: auth.id,
    scenario: auth.scenario.name,
    status: auth.status,
    ...(auth.outcome === undefined ? {} : { outcome: auth.outcome }),
    amount: fromCents(auth.amountCents),
    currency: auth.currency,
    submits: auth.submits,
    fingerprintingResultReceived: auth.fingerprintingResultReceived,
    challenge: auth.challenge ?? (auth.status === 'requires_challenge' ? 'pending' : 'none'),
    challengeResultCalls: auth.challengeResultCalls,
    calls: auth.calls.map((call) => ({ ...call })),
    createdAt: auth.createdAt.toISOString(),
  };
}

const threeDsCallSchema = z.strictObject({
  endpoint: z.enum([
    '/v1/three-ds/authenticate',
    '/v1/three-ds/submit',
    '/v1/three-ds/challenge-result',
  ]),
  status: z.int(),
  at: z.iso.datetime(),
});

/** `GET /sandbox/authentications/{id}`: the sandbox's view of an authentication. */
export const inspectedAuthenticationSchema = z.strictObject({
  authenticationId: z.string(),
  scenario: z.string(),
  status: z.enum(AUTHENTICATE_STATUSES),
  outcome: z.enum(OUTCOMES).optional(),
  amount: z.number(),
  currency: z.string(),
  submits: z.int(),
  fingerprintingResultReceived: z.boolean(),
  challenge: z.enum(['success', 'failure', 'canceled', 'pending', 'none']),
  challengeResultCalls: z.int(),
  calls: z.array(threeDsCallSchema),
  createdAt: z.iso.datetime(),
});

/** `GET /sandbox/scenarios`: the test cards. */
export const scenarioListSchema = z.array(
  z.strictObject({
    name: z.string(),
    card: z.string(),
    description: z.string(),
    expected: z.strictObject({
      status: z.enum(['succeeded', 'failed', 'error', 'canceled']),
      outcome: z.enum(OUTCOMES).optional(),
    }),
    challengeAction: z.enum(['approve', 'wrong_code']).optional(),
    charge: z.literal('declined').optional(),
  }),
);
