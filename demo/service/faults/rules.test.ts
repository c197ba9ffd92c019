import { describe, expect, it } from 'vitest';
import {
  exempt,
  faultBody,
  fires,
  matches,
  pathMatches,
  seededDraw,
  spent,
  unusablePath,
} from './rules';

describe('pathMatches', () => {
  it.each([
    ['/v1/charges', '/v1/charges', true],
    ['/v1/charges', '/v1/charges/ch_1', false],
    ['/v1/charges', '/v1/charges/', false],
    ['/v1/charges/*/refund', '/v1/charges/ch_1/refund', true],
    ['/v1/charges/*/refund', '/v1/charges/ch_1/x/refund', false],
    ['/v1/charges/*/refund', '/v1/charges//refund', false],
    ['/v1/*', '/v1/charges', true],
    ['/v1/*', '/v1/charges/ch_1', false],
    ['/v1/*/*', '/v1/charges/ch_1', true],
  ])('%s against %s: %s', (pattern, path, expected) => {
    expect(pathMatches(pattern, path)).toBe(expected);
  });

  it('a method, when given, must be the request’s', () => {
    const rule = {
      id: 'flt_1',
      method: 'POST',
      path: '/v1/charges',
      action: { status: 503 },
      probability: 1,
      times: null,
      seed: null,
      hits: 0,
    };
    expect(matches(rule, 'POST', '/v1/charges')).toBe(true);
    expect(matches(rule, 'GET', '/v1/charges')).toBe(false);
    expect(matches({ ...rule, method: null }, 'GET', '/v1/charges')).toBe(true);
  });
});

describe('seeded draws', () => {
  const sequence = (seed: string) => Array.from({ length: 50 }, (_, i) => seededDraw(seed, i + 1));

  it('are a function of the seed and the try’s number alone', () => {
    expect(sequence('qa-run-7')).toEqual(sequence('qa-run-7'));
    expect(sequence('qa-run-7')).not.toEqual(sequence('qa-run-8'));
  });

  it('spread over [0, 1): about half of 2,000 fire at p = 0.5', () => {
    const draws = Array.from({ length: 2000 }, (_, i) => seededDraw('spread', i + 1));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    const fired = draws.filter((draw) => fires(0.5, draw)).length;
    expect(fired).toBeGreaterThan(900);
    expect(fired).toBeLessThan(1100);
  });

  it('p = 1 always fires', () => {
    expect(fires(1, 0.999999)).toBe(true);
  });
});

describe('what a rule answers and when it stops', () => {
  it('the spec’s bodies where it names one, else the reason phrase', () => {
    expect(faultBody(401)).toEqual({ statusCode: 401, message: 'Unauthorized' });
    expect(faultBody(500)).toEqual({ statusCode: 500, message: 'Internal server error' });
    expect(faultBody(422)).toEqual({
      statusCode: 422,
      message: 'Unprocessable Entity',
      error: 'Unprocessable Entity',
    });
    expect(faultBody(503)).toEqual({
      statusCode: 503,
      message: 'Service Unavailable',
      error: 'Service Unavailable',
    });
  });

  it('spent once hits reach times; never without times', () => {
    expect(spent({ times: 2, hits: 1 })).toBe(false);
    expect(spent({ times: 2, hits: 2 })).toBe(true);
    expect(spent({ times: null, hits: 1_000 })).toBe(false);
  });

  it('paths outside /v1 and /sandbox, and the faults’ own, are refused', () => {
    expect(unusablePath('/v1/charges')).toBeUndefined();
    expect(unusablePath('/sandbox/events')).toBeUndefined();
    expect(unusablePath('/charges')).toBe('must start with /v1/ or /sandbox/');
    expect(unusablePath('/sandbox/faults/x')).toMatch(/never faulted/);
    expect(exempt('/sandbox/faults')).toBe(true);
    expect(exempt('/sandbox/faultsx')).toBe(false);
  });
});
