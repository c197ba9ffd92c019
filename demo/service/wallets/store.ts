import type { Kysely } from 'kysely';
import type { AccountStore } from '../accounts/account-store';
import type { MerchantAccount, Principal } from '../accounts/principal';
import {
  type AdvancedClock,
  advanceClock,
  type ClockState,
  clockState,
  type DueWork,
  type MerchantClocks,
  merchantNow,
} from '../kernel/clock';
import { fromCents } from '../kernel/db/money';
import type { Schema } from '../kernel/db/schema';
import { ApiError, badRequest, forbiddenBecause, spec } from '../kernel/http/errors';
import { type BalanceCents, balances } from './ledger';
import { toUsdCents } from './rates';
import type { Wallet, WalletQuery } from './schema';

/** Every merchant has a BRL wallet, with zeros before its first movement. */
export const HOME_CURRENCY = 'BRL';

const zero = (currency: string): BalanceCents => ({
  currency,
  available: 0,
  pending: 0,
  reserved: 0,
});

const inUnits = (cents: BalanceCents, convert: (cents: number) => number) => ({
  available: fromCents(convert(cents.available)),
  pending: fromCents(convert(cents.pending)),
  reserved: fromCents(convert(cents.reserved)),
});

/** Payout requests are for active sub-merchants, in BRL. */
const withdrawable = (merchant: MerchantAccount, currency: string) =>
  merchant.kind === 'sub' && merchant.status === 'active' && currency === HOME_CURRENCY;

export const toWallet = (merchant: MerchantAccount, cents: BalanceCents): Wallet => ({
  currency: cents.currency,
  isWithdrawalEnabled: withdrawable(merchant, cents.currency),
  balance: inUnits(cents, (value) => value),
  usdBalance: inUnits(cents, (value) => toUsdCents(value, cents.currency)),
});

/** The merchant's wallets from its ledger rows: BRL always, then sorted by currency. */
export function walletsOf(
  merchant: MerchantAccount,
  rows: readonly BalanceCents[],
  currency?: string,
): Wallet[] {
  const all = [...rows];
  const wantsHome = currency === undefined || currency === HOME_CURRENCY;
  if (wantsHome && !all.some((row) => row.currency === HOME_CURRENCY))
    all.push(zero(HOME_CURRENCY));
  return all
    .filter((row) => currency === undefined || row.currency === currency)
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
    .map((row) => toWallet(merchant, row));
}

/**
 * Wallets (`GET /v1/wallets`) and each merchant's clock. Due work (subscriptions' renewals and
 * expiries) is registered with `addDueWork` and runs in every advance's transaction.
 */
export class WalletStore {
  private readonly dueWork: DueWork[] = [];

  constructor(
    private readonly db: Kysely<Schema>,
    private readonly accounts: AccountStore,
    private readonly clocks: MerchantClocks,
  ) {}

  addDueWork(work: DueWork): void {
    this.dueWork.push(work);
  }

  /** The wallets `principal` asked for: 400, then 404, then 403, as the checks go. */
  async list(principal: Principal, query: WalletQuery): Promise<Wallet[]> {
    const owner = await this.owner(principal, query.merchantId);
    const now = await merchantNow(this.db, owner.id);
    return walletsOf(owner, await balances(this.db, owner.id, now, query.currency), query.currency);
  }

  clock(merchantId: string): Promise<ClockState> {
    return clockState(this.db, merchantId);
  }

  async advance(merchantId: string, days: number): Promise<AdvancedClock> {
    try {
      return await advanceClock(this.db, merchantId, days, this.dueWork);
    } finally {
      this.clocks.forget(merchantId);
    }
  }

  /**
   * Whose wallets: the administrator names any merchant; a merchant reads its own or, a master,
   * one of its sub-merchants'.
   */
  private async owner(principal: Principal, merchantId?: string): Promise<MerchantAccount> {
    if (merchantId === undefined) {
      if (principal.role === 'admin') {
        throw new ApiError(badRequest('merchantId is required for the administrator'));
      }
      return principal.merchant;
    }
    const owner = await this.accounts.merchant(merchantId);
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
}
