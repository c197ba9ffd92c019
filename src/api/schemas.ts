import * as z from 'zod/mini';
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

const outcome = z.optional(z.enum(OUTCOMES));

export const authenticateResponseSchema = z.object({
  authenticationId: z.string(),
  status: z.enum(AUTHENTICATE_STATUSES),
  fingerprintingUrl: z.optional(z.string()),
  challengeUrl: z.optional(z.string()),
  outcome,
});

export const submitResponseSchema = z.object({
  authenticationId: z.string(),
  status: z.enum(SUBMIT_STATUSES),
  challengeUrl: z.optional(z.string()),
  outcome,
});

export const challengeResultSchema = z.object({
  type: z.string(),
  state: z.enum(CHALLENGE_STATES),
  cryptogram: z.string(),
  directoryServerTransactionId: z.string(),
  threeDsServerTransactionId: z.string(),
  acsTransactionId: z.string(),
  eci: z.string(),
  version: z.string(),
});

export const errorBodySchema = z.object({
  statusCode: z.number(),
  message: z.string(),
  error: z.optional(z.string()),
});

// The schemas and the public types must describe the same shapes: a drift fails the typecheck.
type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Same<A, B> = Equals<A, B> extends true ? true : { schema: A; type: B };
export type SchemaTypeChecks = [
  Same<z.infer<typeof authenticateResponseSchema>, AuthenticateResponse>,
  Same<z.infer<typeof submitResponseSchema>, SubmitResponse>,
  Same<z.infer<typeof challengeResultSchema>, ChallengeResult>,
  Same<z.infer<typeof errorBodySchema>, ErrorBody>,
] extends true[]
  ? true
  : never;
const schemasMatchTypes: SchemaTypeChecks = true;
void schemasMatchTypes;
