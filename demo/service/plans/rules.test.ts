// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { refusal } from '../../testing/refusal';
import {
  CONFIRMATION_TTL_MS,
  confirmationExpiry,
  confirmationMessage,
  mustChangeStatus,
  mustConfirm,
  mustEndInFuture,
  needsConfirmation,
} from './rules';

/** What `run` threw, as the API would answer it. */
const badRequest = (message: string) => ({ statusCode: 400, message, error: 'Bad Request' });
const NOW = new Date('2028-03-10T12:00:00.000Z');
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('mustEndInFuture: a new plan’s endDate', () => {
  it('none, or after now on the merchant’s clock', () => {
    expect(() => mustEndInFuture(null, NOW)).not.toThrow();
    expect(() => mustEndInFuture(later(1), NOW)).not.toThrow();
  });

  it('now or before: a 400 that tells the time', () => {
    for (const endDate of [NOW, later(-1)]) {
      expect(refusal(() => mustEndInFuture(endDate, NOW))).toEqual(
        badRequest('endDate must be in the future (now 2028-03-10T12:00:00.000Z)'),
      );
    }
  });
});

describe('mustChangeStatus: the status changes', () => {
  it('inactive → active, active → inactive (with or without a token)', () => {
    expect(() => mustChangeStatus('inactive', { status: 'active' })).not.toThrow();
    expect(() => mustChangeStatus('active', { status: 'inactive' })).not.toThrow();
    expect(() =>
      mustChangeStatus('active', { status: 'inactive', confirmationToken: 'pct_x' }),
    ).not.toThrow();
  });

  it('to the status the plan has: a 400, before anything about the token', () => {
    expect(refusal(() => mustChangeStatus('active', { status: 'active' }))).toEqual(
      badRequest('subscription plan is already active'),
    );
    expect(
      refusal(() => mustChangeStatus('inactive', { status: 'inactive', confirmationToken: 'x' })),
    ).toEqual(badRequest('subscription plan is already inactive'));
  });

  it('an activation with a confirmation token: a 400', () => {
    expect(
      refusal(() => mustChangeStatus('inactive', { status: 'active', confirmationToken: 'x' })),
    ).toEqual(
      badRequest('confirmationToken confirms a deactivation only; activating a plan needs none'),
    );
  });
});

describe('deactivation’s confirmation', () => {
  it('asked for only when the plan has active subscriptions', () => {
    expect(needsConfirmation(0)).toBe(false);
    expect(needsConfirmation(1)).toBe(true);
  });

  it('good for 10 minutes, and says so', () => {
    expect(CONFIRMATION_TTL_MS).toBe(600_000);
    expect(confirmationExpiry(NOW)).toEqual(later(600_000));
    expect(confirmationMessage(3)).toBe(
      'the plan has 3 active subscription(s), which deactivating it cancels; to confirm, send status inactive again with this confirmationToken within 10 minutes',
    );
  });

  const good = { plan_id: 'plan_a', used_at: null, expires_at: later(1) };

  it('a token of this merchant for this plan, unused and not expired', () => {
    expect(() => mustConfirm(good, 'plan_a', NOW)).not.toThrow();
  });

  it.each([
    ['unknown (or another merchant’s)', undefined, 'is not valid'],
    [
      'for another plan',
      { ...good, plan_id: 'plan_b' },
      'was issued for another subscription plan',
    ],
    ['used', { ...good, used_at: NOW }, 'has already been used'],
    ['expired', { ...good, expires_at: NOW }, 'has expired; ask for a new one'],
  ])('%s: a 400', (_case, found, why) => {
    expect(refusal(() => mustConfirm(found, 'plan_a', NOW))).toEqual(
      badRequest(`confirmationToken ${why}`),
    );
  });
});
