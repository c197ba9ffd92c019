// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MerchantStatus } from '../kernel/db/schema';
import { ApiError } from '../kernel/http/errors';
import { mayBill, mustBeActive } from './rules';

const STATUSES: readonly MerchantStatus[] = [
  'active',
  'inactive',
  'pending',
  'rejected',
  'blocked',
];

describe('mayBill: who may move money or create billing', () => {
  it('a sub-merchant only while active', () => {
    const allowed = STATUSES.filter((status) => mayBill({ kind: 'sub', status }));
    expect(allowed).toEqual(['active']);
  });

  it('a master whatever its status: it has no sub-merchant status', () => {
    for (const status of STATUSES) expect(mayBill({ kind: 'master', status })).toBe(true);
  });
});

describe('mustBeActive', () => {
  it.each(STATUSES.filter((status) => status !== 'active'))(
    'a %s sub-merchant: the 422 sub-merchant is not active',
    (status) => {
      let thrown: unknown;
      try {
        mustBeActive({ kind: 'sub', status });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).body).toEqual({
        statusCode: 422,
        message: 'sub-merchant is not active',
        error: 'Unprocessable Entity',
      });
    },
  );

  it('an active sub-merchant and any master pass', () => {
    expect(() => mustBeActive({ kind: 'sub', status: 'active' })).not.toThrow();
    expect(() => mustBeActive({ kind: 'master', status: 'blocked' })).not.toThrow();
  });
});
