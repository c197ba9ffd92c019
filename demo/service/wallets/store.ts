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
import type { Schema } from '../kernel/db/schema';
import { balances } from './ledger';
import { defaultOwner, mayReadWalletsOf } from './rules';
import { type Wallet, type WalletQuery, walletsOf } from './schema';

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

  /** Whose wallets (`defaultOwner`, `mayReadWalletsOf` in `rules.ts`). */
  private async owner(principal: Principal, merchantId?: string): Promise<MerchantAccount> {
    if (merchantId === undefined) return defaultOwner(principal);
    return mayReadWalletsOf(principal, await this.accounts.merchant(merchantId));
  }
}
