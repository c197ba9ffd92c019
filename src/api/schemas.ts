import { type Checked, number, object, oneOf, optional, string } from '../checks';
import type {
  AuthenticateResponse,
  AuthenticateStatus,
  ChallengeResult,
  ChallengeState,
  ErrorBody,
  Outcome,
  SubmitResponse,
} from '../types';

/** The spec's enums, value for value. */
export const AUTHENTICATE_STATUSES = [
  'requires_submission',
  'requires_challenge',
  'succeeded',
  'failed',
  'error',
  'canceled',
  'processing',
] as const satisfies readonly AuthenticateStatus[];

export const SUBMIT_STATUSES = [
  'requires_challenge',
  'succeeded',
  'failed',
  'error',
  'processing',
] as const;

export const OUTCOMES = [
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

const outcome = optional(oneOf(OUTCOMES));

export const authenticateResponseSchema = object({
  authenticationId: string,
  status: oneOf(AUTHENTICATE_STATUSES),
  fingerprintingUrl: optional(string),
  challengeUrl: optional(string),
  outcome,
});

export const submitResponseSchema = object({
  authenticationId: string,
  status: oneOf(SUBMIT_STATUSES),
  challengeUrl: optional(string),
  outcome,
});

export const challengeResultSchema = object({
  type: string,
  state: oneOf(CHALLENGE_STATES),
  cryptogram: string,
  directoryServerTransactionId: string,
  threeDsServerTransactionId: string,
  acsTransactionId: string,
  eci: string,
  version: string,
});

export const errorBodySchema = object({
  statusCode: number,
  message: string,
  error: optional(string),
});

// The schemas and the public types must describe the same shapes: a drift fails the typecheck.
type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** `true` when a schema and a type describe the same shape (src/pix/pix-charge.ts uses it too). */
export type Same<A, B> = Equals<A, B> extends true ? true : { schema: A; type: B };
export type SchemaTypeChecks = [
  Same<Checked<typeof authenticateResponseSchema>, AuthenticateResponse>,
  Same<Checked<typeof submitResponseSchema>, SubmitResponse>,
  Same<Checked<typeof challengeResultSchema>, ChallengeResult>,
  Same<Checked<typeof errorBodySchema>, ErrorBody>,
] extends true[]
  ? true
  : never;
const schemasMatchTypes: SchemaTypeChecks = true;
void schemasMatchTypes;
