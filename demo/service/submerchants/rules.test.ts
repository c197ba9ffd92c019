// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { refusal } from '../../testing/refusal';
import type { MerchantAccount, Principal } from '../accounts/principal';
import type { MerchantStatus } from '../kernel/db/schema';
import { mustBeMaster, statusChange } from './rules';

const STATUSES: readonly MerchantStatus[] = [
  'active',
  'inactive',
  'pending',
  'rejected',
  'blocked',
];

describe('statusChange: the administrator’s status changes', () => {
  it('any status to any other', () => {
    for (const from of STATUSES) {
      for (const to of STATUSES.filter((s) => s !== from)) {
        expect(refusal(() => statusChange(from, to))).toBeUndefined();
      }
    }
  });

  it.each(STATUSES)('%s to itself: 400 naming it', (status) => {
    expect(refusal(() => statusChange(status, status))).toEqual({
      statusCode: 400,
      message: `sub-merchant is already ${status}`,
      error: 'Bad Request',
    });
  });

  it('each status stamps its own date; pending none', () => {
    const dates = Object.fromEntries(
      STATUSES.map((to) => [
        to,
        statusChange(to === 'pending' ? 'active' : 'pending', to).dateColumn,
      ]),
    );
    expect(dates).toEqual({
      active: 'approved_at',
      inactive: 'inactivated_at',
      pending: undefined,
      rejected: 'rejected_at',
      blocked: 'blocked_at',
    });
  });

  it('merchant.updated always; merchant.approved too on becoming active', () => {
    expect(statusChange('pending', 'active').events).toEqual([
      'merchant.updated',
      'merchant.approved',
    ]);
    for (const to of STATUSES.filter((s) => s !== 'active')) {
      expect(statusChange('active', to).events).toEqual(['merchant.updated']);
    }
  });
});

describe('mustBeMaster: only a master lists sub-merchants', () => {
  const merchant = (kind: 'master' | 'sub'): Principal => ({
    role: 'merchant',
    credential: 'secret',
    merchant: { id: 'm', kind, parentId: null, status: 'active' } as MerchantAccount,
  });
  const body = {
    statusCode: 403,
    message: 'Forbidden',
    error: 'only a master merchant lists sub-merchants; this key is a sub-merchant’s',
  };

  it('a master passes; a sub-merchant and the administrator get 403', () => {
    expect(refusal(() => mustBeMaster(merchant('master')))).toBeUndefined();
    expect(refusal(() => mustBeMaster(merchant('sub')))).toEqual(body);
    expect(
      refusal(() => mustBeMaster({ role: 'admin', loginId: 'a', credential: 'token' })),
    ).toEqual(body);
  });
});
