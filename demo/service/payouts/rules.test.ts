// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { refusal } from '../../testing/refusal';
import type { MerchantAccount, Principal } from '../accounts/principal';
import type { MerchantStatus, PayoutStatus } from '../kernel/db/schema';
import {
  listScope,
  mayWithdraw,
  mustBeOwnSubMerchant,
  mustBeTheSubMerchant,
  mustNotOverdraw,
  payoutFeeCents,
  reviewed,
} from './rules';

const account = (id: string, kind: 'master' | 'sub', status: MerchantStatus = 'active') =>
  ({
    id,
    kind,
    parentId: kind === 'sub' ? 'master1' : null,
    status,
    capabilities: [],
    legalName: id,
    tradeName: id,
    companyTaxId: '12345678000195',
    contactEmail: `${id}@example.com`,
  }) satisfies MerchantAccount;

const merchant = (m: MerchantAccount): Principal => ({
  role: 'merchant',
  merchant: m,
  credential: 'token',
});
const admin: Principal = { role: 'admin', loginId: 'admin', credential: 'token' };

/** The body `work` is refused with (undefined when it is not). */

const forbidden = (error: string) => ({ statusCode: 403, message: 'Forbidden', error });

describe('payoutFeeCents: 1 %, half up to the cent, R$ 0,01 to R$ 10,00', () => {
  it.each([
    [1, 1],
    [1_00, 1],
    [1_49, 1],
    [1_50, 2],
    [250_00, 2_50],
    [250_49, 2_50],
    [250_50, 2_51],
    [999_49, 9_99],
    [999_50, 10_00],
    [1_000_00, 10_00],
    [1_000_000_000_00, 10_00],
  ])('%i cents → %i', (amount, fee) => {
    expect(payoutFeeCents(amount)).toBe(fee);
  });
});

describe('mustNotOverdraw: a request may not overdraw the available balance', () => {
  it('the whole available balance may be asked for', () => {
    expect(refusal(() => mustNotOverdraw(750_00, 750_00))).toBeUndefined();
    expect(refusal(() => mustNotOverdraw(750_00, 1))).toBeUndefined();
  });

  it('a cent more is the spec’s 422 insufficient balance', () => {
    const body = {
      statusCode: 422,
      message: 'insufficient balance',
      error: 'Unprocessable Entity',
    };
    expect(refusal(() => mustNotOverdraw(750_00, 750_01))).toEqual(body);
    expect(refusal(() => mustNotOverdraw(0, 1_00))).toEqual(body);
    expect(refusal(() => mustNotOverdraw(-5_00, 1_00))).toEqual(body);
  });
});

describe('reviewed: only a pending request is approved or rejected', () => {
  it('approve: approved, no reason', () => {
    expect(reviewed('pending', { decision: 'approve' })).toEqual({
      status: 'approved',
      rejectionReason: null,
    });
  });

  it('reject: rejected, with the reason', () => {
    expect(reviewed('pending', { decision: 'reject', reason: 'wrong PIX key' })).toEqual({
      status: 'rejected',
      rejectionReason: 'wrong PIX key',
    });
  });

  it.each<PayoutStatus>(['approved', 'rejected'])('a %s request: 400 naming its status', (s) => {
    for (const review of [
      { decision: 'approve' } as const,
      { decision: 'reject', reason: 'x' } as const,
    ]) {
      expect(refusal(() => reviewed(s, review))).toEqual({
        statusCode: 400,
        message: `payout request is not pending (it is ${s})`,
        error: 'Bad Request',
      });
    }
  });
});

describe('mustBeTheSubMerchant: only the sub-merchant itself requests its payouts', () => {
  const sub = account('sub1', 'sub');

  it('the sub-merchant at its own id: answered with its account', () => {
    expect(mustBeTheSubMerchant(merchant(sub), 'sub1')).toBe(sub);
  });

  it('the administrator, another merchant, a master at its own id: 403 saying why', () => {
    expect(refusal(() => mustBeTheSubMerchant(admin, 'sub1'))).toEqual(
      forbidden('the administrator does not request payouts; the sub-merchant does'),
    );
    expect(refusal(() => mustBeTheSubMerchant(merchant(sub), 'sub2'))).toEqual(
      forbidden('only the sub-merchant itself requests its payouts'),
    );
    expect(
      refusal(() => mustBeTheSubMerchant(merchant(account('master1', 'master')), 'master1')),
    ).toEqual(forbidden('payouts are for sub-merchants, not for a master'));
  });

  it('does not judge the status: that is accounts/rules.ts mustBeActive', () => {
    const blocked = account('sub1', 'sub', 'blocked');
    expect(mustBeTheSubMerchant(merchant(blocked), 'sub1')).toBe(blocked);
  });
});

describe('mayWithdraw: an active sub-merchant’s BRL wallet', () => {
  it('an active sub-merchant in BRL only', () => {
    expect(mayWithdraw(account('s', 'sub'), 'BRL')).toBe(true);
    expect(mayWithdraw(account('s', 'sub'), 'USD')).toBe(false);
  });

  it.each<MerchantStatus>(['inactive', 'pending', 'rejected', 'blocked'])(
    'never a %s sub-merchant',
    (status) => expect(mayWithdraw(account('s', 'sub', status), 'BRL')).toBe(false),
  );

  it('never a master', () => {
    expect(mayWithdraw(account('m', 'master'), 'BRL')).toBe(false);
  });
});

describe('listScope: whose requests a caller lists', () => {
  const sub = account('sub1', 'sub');
  const master = account('master1', 'master');

  it('the administrator: everyone’s, or the named merchant’s', () => {
    expect(listScope(admin, undefined)).toEqual({ kind: 'all' });
    expect(listScope(admin, 'x')).toEqual({ kind: 'merchant', merchantId: 'x' });
  });

  it('a sub-merchant: its own; another id is a 403', () => {
    expect(listScope(merchant(sub), undefined)).toEqual({ kind: 'merchant', merchantId: 'sub1' });
    expect(listScope(merchant(sub), 'sub1')).toEqual({ kind: 'merchant', merchantId: 'sub1' });
    expect(refusal(() => listScope(merchant(sub), 'sub2'))).toEqual(
      forbidden('merchantId is not this sub-merchant: a sub-merchant lists its own'),
    );
  });

  it('a master: its sub-merchants’, or a named one it must own', () => {
    expect(listScope(merchant(master), undefined)).toEqual({ kind: 'subsOf', masterId: 'master1' });
    expect(listScope(merchant(master), 'sub9')).toEqual({
      kind: 'ofMaster',
      masterId: 'master1',
      merchantId: 'sub9',
    });
    expect(refusal(() => mustBeOwnSubMerchant(true))).toBeUndefined();
    expect(refusal(() => mustBeOwnSubMerchant(false))).toEqual(
      forbidden(
        'merchantId is not a sub-merchant of this master: a master lists its sub-merchants’',
      ),
    );
  });
});
