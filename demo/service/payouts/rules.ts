import type { MerchantAccount, Principal } from '../accounts/principal';
import { mayBill } from '../accounts/rules';
import type { PayoutStatus } from '../kernel/db/schema';
import { ApiError, badRequest, type ErrorBody, forbiddenBecause } from '../kernel/http/errors';

/**
 * The payout requests' decisions. That the sub-merchant must be active is the accounts' rule
 * (`accounts/rules.ts`, `mustBeActive`, applied by `requireActive` before the body is read).
 */

/** Payout requests are in BRL only: a sub-merchant withdraws its BRL wallet to its PIX key. */
export const PAYOUT_CURRENCY = 'BRL';

/**
 * The sandbox's payout fee (the spec leaves the rule to the service): 1 % of the amount, rounded
 * half up to the cent, at least R$ 0,01 and at most R$ 10,00. In cents, so it is exact.
 */
export const PAYOUT_FEE_MIN_CENTS = 1;
export const PAYOUT_FEE_MAX_CENTS = 10_00;

export function payoutFeeCents(amountCents: number): number {
  const onePercent = Math.floor((amountCents + 50) / 100);
  return Math.min(PAYOUT_FEE_MAX_CENTS, Math.max(PAYOUT_FEE_MIN_CENTS, onePercent));
}

/** The spec's 422 when a request asks for more than the wallet's available balance. */
export const insufficientBalance = (): ErrorBody => ({
  statusCode: 422,
  message: 'insufficient balance',
  error: 'Unprocessable Entity',
});

/**
 * A request may not overdraw: its amount must be covered by the BRL wallet's available balance
 * (pending money has not settled; reserved money is already promised to earlier requests).
 */
export function mustNotOverdraw(availableCents: number, amountCents: number): void {
  if (availableCents < amountCents) throw new ApiError(insufficientBalance());
}

/**
 * Whether the merchant's wallet in `currency` shows `isWithdrawalEnabled`: a sub-merchant that
 * may move money (`mayBill`), in the payouts' currency. A master never requests payouts.
 */
export const mayWithdraw = (merchant: MerchantAccount, currency: string): boolean =>
  merchant.kind === 'sub' && mayBill(merchant) && currency === PAYOUT_CURRENCY;

/**
 * Who requests a payout for `merchantId`: only that sub-merchant itself. The administrator,
 * another merchant and a master (even at its own id) get 403 saying why. Answers the sub-merchant.
 */
export function mustBeTheSubMerchant(principal: Principal, merchantId: string): MerchantAccount {
  if (principal.role !== 'merchant') {
    throw new ApiError(
      forbiddenBecause('the administrator does not request payouts; the sub-merchant does'),
    );
  }
  if (principal.merchant.id !== merchantId) {
    throw new ApiError(forbiddenBecause('only the sub-merchant itself requests its payouts'));
  }
  if (principal.merchant.kind !== 'sub') {
    throw new ApiError(forbiddenBecause('payouts are for sub-merchants, not for a master'));
  }
  return principal.merchant;
}

/** Whose requests a caller lists: everyone's, one merchant's, or a master's sub-merchants'. */
export type PayoutScope =
  | { kind: 'all' }
  | { kind: 'merchant'; merchantId: string }
  | { kind: 'subsOf'; masterId: string };

/**
 * Whose requests `principal` may list, narrowed to `merchantId` when given. The administrator:
 * anyone's; a sub-merchant: its own only (another id is a 403); a master: its sub-merchants', or
 * one of them — `ofMaster` asks the store to check that `merchantId` is one (`mustBeOwnSubMerchant`).
 */
export function listScope(
  principal: Principal,
  merchantId: string | undefined,
): PayoutScope | { kind: 'ofMaster'; masterId: string; merchantId: string } {
  if (principal.role === 'admin') {
    return merchantId === undefined ? { kind: 'all' } : { kind: 'merchant', merchantId };
  }
  const { merchant } = principal;
  if (merchant.kind === 'sub') {
    if (merchantId !== undefined && merchantId !== merchant.id) {
      throw new ApiError(
        forbiddenBecause('merchantId is not this sub-merchant: a sub-merchant lists its own'),
      );
    }
    return { kind: 'merchant', merchantId: merchant.id };
  }
  if (merchantId === undefined) return { kind: 'subsOf', masterId: merchant.id };
  return { kind: 'ofMaster', masterId: merchant.id, merchantId };
}

/** A master naming a `merchantId` that is not one of its sub-merchants: 403 naming it. */
export function mustBeOwnSubMerchant(isOwn: boolean): void {
  if (!isOwn) {
    throw new ApiError(
      forbiddenBecause(
        'merchantId is not a sub-merchant of this master: a master lists its sub-merchants’',
      ),
    );
  }
}

/** The administrator's decision on a request. */
export type Review = { decision: 'approve' } | { decision: 'reject'; reason: string };

const REVIEWED = { approve: 'approved', reject: 'rejected' } as const;

/**
 * A review's outcome: only a pending request is reviewed (another is a 400 naming its status);
 * approve makes it `approved`, reject makes it `rejected` with the reason as `rejectionReason`.
 */
export function reviewed(
  current: PayoutStatus,
  review: Review,
): { status: 'approved' | 'rejected'; rejectionReason: string | null } {
  if (current !== 'pending') {
    throw new ApiError(badRequest(`payout request is not pending (it is ${current})`));
  }
  return {
    status: REVIEWED[review.decision],
    rejectionReason: review.decision === 'reject' ? review.reason : null,
  };
}
