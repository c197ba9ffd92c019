import type { Kysely } from 'kysely';
import type { Role, Schema } from '../kernel/db/schema';
import { hashKey } from './api-keys';
import { type FoundKey, KeyCache } from './key-cache';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { type MerchantAccount, merchantAccount } from './principal';

export interface LoginIdentity {
  loginId: string;
  role: Role;
  merchantId: string | null;
}

/** Accounts, keys and logins as the authentication layer reads them. */
export class AccountStore {
  /**
   * `now`: the real time a throwaway merchant's `expires_at` is judged by (`merchants/`): an
   * expired one's keys, token and login are refused as unknown. Tests inject it.
   */
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly keys = new KeyCache(),
    private readonly now: () => number = Date.now,
  ) {}

  private expired(expiresAt: Date | null | undefined): boolean {
    return expiresAt != null && expiresAt.getTime() <= this.now();
  }

  /**
   * The merchant and kind of an API key that exists and is not revoked; a key found is trusted
   * for a few seconds (`key-cache.ts`), so most requests make no query for their key.
   */
  async findKey(key: string): Promise<FoundKey | undefined> {
    const hash = hashKey(key);
    const cached = this.keys.get(hash);
    if (cached !== undefined) return this.expired(cached.expiresAt) ? undefined : cached;
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('merchants', 'merchants.id', 'api_keys.merchant_id')
      .selectAll('merchants')
      .select(['api_keys.kind as key_kind', 'merchants.expires_at as expires_at'])
      .where('api_keys.key_hash', '=', hash)
      .where('api_keys.revoked_at', 'is', null)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const { key_kind, ...merchant } = row;
    const found = {
      kind: key_kind,
      merchant: merchantAccount(merchant),
      expiresAt: row.expires_at,
    };
    if (this.expired(found.expiresAt)) return undefined;
    this.keys.set(hash, found);
    return found;
  }

  /** Drops every key found so far: call it when keys or merchants change (a reset, a revoke). */
  forgetKeys(): void {
    this.keys.forget();
  }

  /** Drops these merchants' keys found so far (a throwaway merchant deleted, `merchants/`). */
  forgetKeysOf(merchantIds: readonly string[]): void {
    this.keys.forgetMerchants(new Set(merchantIds));
  }

  async merchant(id: string): Promise<MerchantAccount | undefined> {
    const row = await this.db
      .selectFrom('merchants')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined || this.expired(row.expires_at) ? undefined : merchantAccount(row);
  }

  /** The login of an e-mail and password; undefined for either wrong (one answer for both). */
  async login(email: string, password: string): Promise<LoginIdentity | undefined> {
    const row = await this.db
      .selectFrom('logins')
      .leftJoin('merchants', 'merchants.id', 'logins.merchant_id')
      .select([
        'logins.id',
        'logins.role',
        'logins.merchant_id',
        'logins.password_hash',
        'merchants.expires_at',
      ])
      .where('logins.email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    const ok =
      row === undefined
        ? await burnPasswordCheck(password)
        : await verifyPassword(password, row.password_hash);
    if (!ok || row === undefined || this.expired(row.expires_at)) return undefined;
    return { loginId: row.id, role: row.role, merchantId: row.merchant_id };
  }

  /** A token's login still exists with the same role and merchant. */
  async loginStillValid(identity: LoginIdentity): Promise<boolean> {
    const row = await this.db
      .selectFrom('logins')
      .select(['role', 'merchant_id'])
      .where('id', '=', identity.loginId)
      .executeTakeFirst();
    return row?.role === identity.role && row.merchant_id === identity.merchantId;
  }
}
