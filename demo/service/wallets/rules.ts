import type { MerchantAccount, Principal } from '../accounts/principal';
import { DAY_MS } from '../kernel/clock';
import { ApiError, badRequest, forbiddenBecause, spec } from '../kernel/http/errors';

/**
 * The wallets' decisions: when money settles, how a payout moves it, which wallets are shown and
 * who reads them. The balances themselves are sums of the ledger (`ledger.ts`); the exchange
 * rates of `usdBalance` are a fixed table (`rates.ts`); who may withdraw is the payouts' rule
 * (`payouts/rules.ts`, `mayWithdraw`).
 */

/** A paid charge's money is pending this many days on the merchant's clock, then available. */
export const SETTLEMENT_DAYS = 2;

/** When the money of a charge paid at `paidAt` (the merchant's clock) becomes available. */
export const chargeSettlesAt = (paidAt: Date): Date =>
  new Date(paidAt.getTime() + SETTLEMENT_DAYS * DAY_MS);

export type PayoutMovement = 'payout_requested' | 'payout_approved' | 'payout_rejected';

/**
 * How a payout moves a wallet of `amountCents` (each at once, on the merchant's clock): a request
 * takes it out of available into reserved; approval lets the reserve go; rejection puts it back
 * into available.
 */
export function payoutMovement(
  kind: PayoutMovement,
  amountCents: number,
): { amountCents: number; reservedCents: number } {
  switch (kind) {
    case 'payout_requested':
      return { amountCents: -amountCents, reservedCents: amountCents };
    case 'payout_approved':
      return { amountCents: 0, reservedCents: -amountCents };
    case 'payout_rejected':
      return { amountCents, reservedCents: -amountCents };
  }
}

/** Every merchant has a BRL wallet, with zeros before its first movement. */
export const HOME_CURRENCY = 'BRL';

/**
 * Whether the answer adds a zero BRL wallet: the merchant has no BRL movement yet (`currencies`,
 * those it has), and the caller asked for every currency or for BRL.
 */
export const addsEmptyHome = (currencies: readonly string[], currency?: string): boolean =>
  (currency === undefined || currency === HOME_CURRENCY) && !currencies.includes(HOME_CURRENCY);

/** Whose wallets when no `merchantId` is named: the merchant's own; the administrator must name one. */
export function defaultOwner(principal: Principal): MerchantAccount {
  if (principal.role === 'admin') {
    throw new ApiError(badRequest('merchantId is required for the administrator'));
  }
  return principal.merchant;
}

/**
 * Whether `principal` reads the wallets of the named merchant (`owner`, undefined when unknown:
 * the spec's 404). The administrator reads anyone's; a merchant its own; a master also its
 * sub-merchants'. Anything else is a 403 saying why.
 */
export function mayReadWalletsOf(
  principal: Principal,
  owner: MerchantAccount | undefined,
): MerchantAccount {
  if (owner === undefined) throw new ApiError(spec.walletMerchantNotFound());
  if (principal.role === 'admin') return owner;
  const caller = principal.merchant;
  if (owner.id === caller.id) return owner;
  if (caller.kind === 'master' && owner.parentId === caller.id) return owner;
  throw new ApiError(
    forbiddenBecause(
      caller.kind === 'master'
        ? 'merchantId is neither this merchant nor one of its sub-merchants'
        : 'a sub-merchant reads only its own wallets',
    ),
  );
}
