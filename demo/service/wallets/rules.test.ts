// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { refusal } from '../../testing/refusal';
import type { MerchantAccount, Principal } from '../accounts/principal';
import {
  addsEmptyHome,
  chargeSettlesAt,
  defaultOwner,
  mayReadWalletsOf,
  payoutMovement,
} from './rules';

const account = (id: string, kind: 'master' | 'sub', parentId: string | null = null) =>
  ({
    id,
    kind,
    parentId,
    status: 'active',
    capabilities: [],
    legalName: id,
    tradeName: id,
    companyTaxId: '12345678000195',
    contactEmail: `${id}@example.com`,
  }) satisfies MerchantAccount;

const as = (merchant: MerchantAccount): Principal => ({
  role: 'merchant',
  merchant,
  credential: 'token',
});
const admin: Principal = { role: 'admin', loginId: 'admin', credential: 'token' };

describe('chargeSettlesAt: a paid charge’s money is available 2 days later', () => {
  it('exactly 48 hours after the payment on the merchant’s clock', () => {
    expect(chargeSettlesAt(new Date('2026-10-01T10:00:00.000Z'))).toEqual(
      new Date('2026-10-03T10:00:00.000Z'),
    );
  });
});

describe('payoutMovement: what a payout does to available and reserved', () => {
  it('requested: out of available, into reserved', () => {
    expect(payoutMovement('payout_requested', 250_00)).toEqual({
      amountCents: -250_00,
      reservedCents: 250_00,
    });
  });

  it('approved: the reserve is gone, available unchanged', () => {
    expect(payoutMovement('payout_approved', 250_00)).toEqual({
      amountCents: 0,
      reservedCents: -250_00,
    });
  });

  it('rejected: back from reserved to available', () => {
    expect(payoutMovement('payout_rejected', 250_00)).toEqual({
      amountCents: 250_00,
      reservedCents: -250_00,
    });
  });

  it('a request then its review leaves nothing reserved', () => {
    for (const review of ['payout_approved', 'payout_rejected'] as const) {
      const reserved =
        payoutMovement('payout_requested', 1_00).reservedCents +
        payoutMovement(review, 1_00).reservedCents;
      expect(reserved).toBe(0);
    }
  });
});

describe('addsEmptyHome: every merchant shows a BRL wallet', () => {
  it('added when the merchant has no BRL movement and BRL is wanted', () => {
    expect(addsEmptyHome([], undefined)).toBe(true);
    expect(addsEmptyHome(['USD'], 'BRL')).toBe(true);
  });

  it('not when it has one, or another currency is asked for', () => {
    expect(addsEmptyHome(['BRL'], undefined)).toBe(false);
    expect(addsEmptyHome([], 'USD')).toBe(false);
  });
});

describe('whose wallets a caller reads', () => {
  const master = account('m1', 'master');
  const sub = account('s1', 'sub', 'm1');
  const otherSub = account('s2', 'sub', 'm2');
  const forbidden = (error: string) => ({ statusCode: 403, message: 'Forbidden', error });

  it('no merchantId: the merchant’s own; the administrator must name one (400)', () => {
    expect(defaultOwner(as(sub))).toBe(sub);
    expect(refusal(() => defaultOwner(admin))).toEqual({
      statusCode: 400,
      message: 'merchantId is required for the administrator',
      error: 'Bad Request',
    });
  });

  it('an unknown merchant: the spec’s odd 404', () => {
    expect(refusal(() => mayReadWalletsOf(admin, undefined))).toEqual({
      statusCode: 404,
      message: 'Unauthorized',
      error: 'merchant not found',
    });
  });

  it('the administrator anyone’s, a merchant its own, a master its sub-merchants’', () => {
    expect(mayReadWalletsOf(admin, otherSub)).toBe(otherSub);
    expect(mayReadWalletsOf(as(sub), sub)).toBe(sub);
    expect(mayReadWalletsOf(as(master), sub)).toBe(sub);
  });

  it('anything else: 403 saying why', () => {
    expect(refusal(() => mayReadWalletsOf(as(master), otherSub))).toEqual(
      forbidden('merchantId is neither this merchant nor one of its sub-merchants'),
    );
    expect(refusal(() => mayReadWalletsOf(as(sub), master))).toEqual(
      forbidden('a sub-merchant reads only its own wallets'),
    );
    expect(refusal(() => mayReadWalletsOf(as(sub), otherSub))).toEqual(
      forbidden('a sub-merchant reads only its own wallets'),
    );
  });
});
