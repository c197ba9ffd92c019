import { describe, expect, it } from 'vitest';
import { ApiError } from '../kernel/http/errors';
import {
  deletionOrder,
  expiresAtOf,
  isExpired,
  mustBeDeletable,
  mustHaveRoom,
  THROWAWAY_TTL_MS,
} from './rules';

const bodyOf = (work: () => void) => {
  try {
    work();
  } catch (error) {
    if (error instanceof ApiError) return error.body;
    throw error;
  }
  return undefined;
};

describe('throwaway merchants: rules', () => {
  it('expire 24 hours after creation, on the dot', () => {
    const at = new Date('2026-01-01T00:00:00.000Z');
    const end = expiresAtOf(at);
    expect(end.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(isExpired(end, new Date(end.getTime() - 1))).toBe(false);
    expect(isExpired(end, end)).toBe(true);
    expect(isExpired(null, new Date(at.getTime() + 10 * THROWAWAY_TTL_MS))).toBe(false);
  });

  it('refuse one more at the cap with a 429 that names it', () => {
    expect(bodyOf(() => mustHaveRoom(2, 3))).toBeUndefined();
    expect(bodyOf(() => mustHaveRoom(3, 3))).toEqual({
      statusCode: 429,
      message: expect.stringContaining('at most 3 throwaway merchants'),
      error: 'Too Many Requests',
    });
  });

  it('are deleted by themselves only; a seeded account or a sub-merchant never', () => {
    const throwaway = { id: 'm1', kind: 'master' as const, expiresAt: new Date() };
    expect(bodyOf(() => mustBeDeletable('m1', 'm1', throwaway))).toBeUndefined();
    const notFound = { statusCode: 404, message: 'merchant not found', error: 'Not Found' };
    expect(bodyOf(() => mustBeDeletable('m2', 'm1', throwaway))).toEqual(notFound);
    expect(bodyOf(() => mustBeDeletable('m1', 'm1', undefined))).toEqual(notFound);
    const seeded = bodyOf(() => mustBeDeletable('m1', 'm1', { ...throwaway, expiresAt: null }));
    expect(seeded).toMatchObject({ statusCode: 400, message: expect.stringContaining('seeded') });
    const sub = bodyOf(() => mustBeDeletable('m1', 'm1', { ...throwaway, kind: 'sub' }));
    expect(sub).toMatchObject({ statusCode: 400, message: expect.stringContaining('master') });
  });

  it('empty each table before the tables it references', () => {
    const order = deletionOrder(
      ['merchants', 'customers', 'cards', 'subscriptions', 'charges', 'webhook_attempts'],
      [
        { child: 'customers', parent: 'merchants' },
        { child: 'cards', parent: 'customers' },
        { child: 'cards', parent: 'merchants' },
        { child: 'subscriptions', parent: 'cards' },
        { child: 'subscriptions', parent: 'charges' },
        { child: 'charges', parent: 'customers' },
        { child: 'merchants', parent: 'merchants' },
        { child: 'webhook_attempts', parent: 'webhook_deliveries' },
      ],
    );
    expect(order).toHaveLength(6);
    const precedes = (a: string, b: string) =>
      expect(order.indexOf(a)).toBeLessThan(order.indexOf(b));
    precedes('subscriptions', 'cards');
    precedes('subscriptions', 'charges');
    precedes('cards', 'customers');
    precedes('charges', 'customers');
    precedes('customers', 'merchants');
    expect(order.at(-1)).toBe('merchants');
  });

  it('still name every table when references form a cycle', () => {
    const order = deletionOrder(
      ['a', 'b', 'c'],
      [
        { child: 'a', parent: 'b' },
        { child: 'b', parent: 'a' },
      ],
    );
    expect(order).toEqual(['c', 'a', 'b']);
  });
});
