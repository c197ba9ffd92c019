import type { MerchantKind, MerchantStatus } from '../kernel/db/schema';
import { ApiError, spec } from '../kernel/http/errors';

/** What the rule reads of a merchant: a key's or token's account, or a row of `merchants`. */
export interface Standing {
  kind: MerchantKind;
  status: MerchantStatus;
}

/**
 * Whether a merchant may move money or create billing (a charge of any kind, a refund, a card
 * registered or activated, a plan created or activated, a subscription created or resumed, a
 * payout requested). A sub-merchant may only while `active`: an inactive, blocked, pending or
 * rejected one keeps its reads and may stop billing (cancel, pause, deactivate, delete), nothing
 * more. A master has no sub-merchant status, so this rule never refuses it.
 */
export const mayBill = ({ kind, status }: Standing): boolean =>
  kind !== 'sub' || status === 'active';

/** The rule as the API answers it: 422 `sub-merchant is not active` when `mayBill` says no. */
export function mustBeActive(merchant: Standing): void {
  if (!mayBill(merchant)) throw new ApiError(spec.inactiveSubMerchant());
}

/**
 * The `failureReason` of a payment the sandbox makes on its own for a merchant `mayBill` refuses
 * (a subscription's renewal on the merchant's clock): the charge is `failed` without trying the
 * card, so the attempt is recorded and no money moves.
 */
export const NOT_ACTIVE_FAILURE = 'sub_merchant_inactive';
