import { describe, expect, it } from 'vitest';
import { parse, valid } from '../checks';
import {
  AUTHENTICATE_STATUSES,
  authenticateResponseSchema,
  CHALLENGE_STATES,
  challengeResultSchema,
  errorBodySchema,
  OUTCOMES,
  SUBMIT_STATUSES,
  submitResponseSchema,
} from './schemas';

// The service's enums, copied by hand from its API reference (the 3DS authentication bodies).
const SPEC_AUTHENTICATE_STATUSES = [
  'requires_submission',
  'requires_challenge',
  'succeeded',
  'failed',
  'error',
  'canceled',
  'processing',
];
const SPEC_SUBMIT_STATUSES = ['requires_challenge', 'succeeded', 'failed', 'error', 'processing'];
const SPEC_OUTCOMES = [
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
];
const SPEC_CHALLENGE_STATES = [
  'success',
  'failure',
  'unenrolled',
  'error',
  'unsupported_brand',
  'disabled',
];

const challengeResult = {
  type: '3ds2',
  state: 'success',
  cryptogram: 'AAABBJkZUQAAAABjRWWZEEFgFz8=',
  directoryServerTransactionId: 'ds-1',
  threeDsServerTransactionId: '3ds-1',
  acsTransactionId: 'acs-1',
  eci: '05',
  version: '2.2.0',
};

const sorted = (values: readonly string[]) => [...values].sort();

describe('exported enums equal the spec', () => {
  it('authenticate status: 7 values', () => {
    expect(AUTHENTICATE_STATUSES).toHaveLength(7);
    expect(sorted(AUTHENTICATE_STATUSES)).toEqual(sorted(SPEC_AUTHENTICATE_STATUSES));
  });
  it('submit status: 5 values', () => {
    expect(SUBMIT_STATUSES).toHaveLength(5);
    expect(sorted(SUBMIT_STATUSES)).toEqual(sorted(SPEC_SUBMIT_STATUSES));
  });
  it('outcome: 10 values', () => {
    expect(OUTCOMES).toHaveLength(10);
    expect(sorted(OUTCOMES)).toEqual(sorted(SPEC_OUTCOMES));
  });
  it('challenge state: 6 values', () => {
    expect(CHALLENGE_STATES).toHaveLength(6);
    expect(sorted(CHALLENGE_STATES)).toEqual(sorted(SPEC_CHALLENGE_STATES));
  });
});

describe('authenticateResponseSchema', () => {
  it.each(SPEC_AUTHENTICATE_STATUSES)('accepts status %s', (status) => {
    const parsed = parse(authenticateResponseSchema, { authenticationId: 'a1', status });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.status).toBe(status);
  });

  it.each(SPEC_OUTCOMES)('accepts outcome %s', (outcome) => {
    const parsed = parse(authenticateResponseSchema, {
      authenticationId: 'a1',
      status: 'failed',
      outcome,
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.outcome).toBe(outcome);
  });

  it.each([
    ['an unknown status', { authenticationId: 'a1', status: 'pending' }],
    ['a status in another case', { authenticationId: 'a1', status: 'SUCCEEDED' }],
    ['an unknown outcome', { authenticationId: 'a1', status: 'failed', outcome: 'declined' }],
    ['a missing status', { authenticationId: 'a1' }],
    ['a missing authenticationId', { status: 'succeeded' }],
    ['a numeric authenticationId', { authenticationId: 1, status: 'succeeded' }],
    [
      'a non-string fingerprintingUrl',
      { authenticationId: 'a1', status: 'failed', fingerprintingUrl: 1 },
    ],
    ['a null challengeUrl', { authenticationId: 'a1', status: 'failed', challengeUrl: null }],
    ['null', null],
    ['a string', 'succeeded'],
  ])('rejects %s', (_what, value) => {
    expect(parse(authenticateResponseSchema, value).success).toBe(false);
  });

  it('keeps the optional URLs and drops unknown fields', () => {
    const parsed = valid(authenticateResponseSchema, {
      authenticationId: 'a1',
      status: 'requires_challenge',
      fingerprintingUrl: 'https://acs.example/fp',
      challengeUrl: 'https://acs.example/ch',
      extra: true,
    });
    expect(parsed).toEqual({
      authenticationId: 'a1',
      status: 'requires_challenge',
      fingerprintingUrl: 'https://acs.example/fp',
      challengeUrl: 'https://acs.example/ch',
    });
  });
});

describe('submitResponseSchema', () => {
  it.each(SPEC_SUBMIT_STATUSES)('accepts status %s', (status) => {
    expect(parse(submitResponseSchema, { authenticationId: 'a1', status }).success).toBe(true);
  });

  it.each(SPEC_OUTCOMES)('accepts outcome %s', (outcome) => {
    const value = { authenticationId: 'a1', status: 'succeeded', outcome };
    expect(parse(submitResponseSchema, value).success).toBe(true);
  });

  it.each(['requires_submission', 'canceled', 'unknown'])('rejects status %s', (status) => {
    expect(parse(submitResponseSchema, { authenticationId: 'a1', status }).success).toBe(false);
  });
});

describe('challengeResultSchema', () => {
  it.each(SPEC_CHALLENGE_STATES)('accepts state %s', (state) => {
    const parsed = parse(challengeResultSchema, { ...challengeResult, state });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({ ...challengeResult, state });
  });

  it('rejects an unknown state', () => {
    expect(parse(challengeResultSchema, { ...challengeResult, state: 'ok' }).success).toBe(false);
  });

  const fields = Object.keys(challengeResult);
  it('has the spec’s eight fields', () => {
    expect(sorted(fields)).toEqual(
      sorted([
        'type',
        'state',
        'cryptogram',
        'directoryServerTransactionId',
        'threeDsServerTransactionId',
        'acsTransactionId',
        'eci',
        'version',
      ]),
    );
  });

  it.each(fields)('requires %s', (field) => {
    const { [field as keyof typeof challengeResult]: _dropped, ...rest } = challengeResult;
    const parsed = parse(challengeResultSchema, rest);
    expect(parsed.success).toBe(false);
    expect(parsed.issues?.[0]?.path).toEqual(field);
  });

  it.each(fields)('requires %s to be a string', (field) => {
    expect(parse(challengeResultSchema, { ...challengeResult, [field]: 5 }).success).toBe(false);
  });
});

describe('errorBodySchema', () => {
  it('accepts the spec error body with and without `error`', () => {
    expect(parse(errorBodySchema, { statusCode: 401, message: 'Unauthorized' }).success).toBe(true);
    const full = {
      statusCode: 422,
      message: 'sub-merchant is not active',
      error: 'Unprocessable Entity',
    };
    expect(valid(errorBodySchema, full)).toEqual(full);
  });

  it('rejects a body without a message', () => {
    expect(parse(errorBodySchema, { statusCode: 500 }).success).toBe(false);
  });
});
