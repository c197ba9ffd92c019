// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../kernel/http/errors';
import { MAX_ENDPOINTS, mustHaveRoomForEndpoint } from './rules';

describe('mustHaveRoomForEndpoint: a merchant keeps at most MAX_ENDPOINTS endpoints', () => {
  it('20', () => expect(MAX_ENDPOINTS).toBe(20));

  it('below the limit, a new one is allowed', () => {
    expect(() => mustHaveRoomForEndpoint(0)).not.toThrow();
    expect(() => mustHaveRoomForEndpoint(MAX_ENDPOINTS - 1)).not.toThrow();
  });

  it.each([MAX_ENDPOINTS, MAX_ENDPOINTS + 5])('with %i already: 400 naming the limit', (count) => {
    let thrown: unknown;
    try {
      mustHaveRoomForEndpoint(count);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).body).toEqual({
      statusCode: 400,
      message: 'a merchant may keep at most 20 endpoints',
      error: 'Bad Request',
    });
  });
});
