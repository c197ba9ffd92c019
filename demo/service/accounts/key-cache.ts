import type { KeyKind } from '../kernel/db/schema';
import type { MerchantAccount } from './principal';

/** A key that exists and is not revoked: its kind and its merchant. */
export interface FoundKey {
  kind: KeyKind;
  merchant: MerchantAccount;
  /** A throwaway merchant's end (`merchants/`): its keys are refused from then on, cached or not. */
  expiresAt?: Date | null;
}

/**
 * How long a key found in the database is trusted without asking it again. A key revoked or a
 * merchant changed by another process (a second sandbox on the same PostgreSQL) is seen within
 * this bound; in this process `forget()` drops every entry at once (`POST /sandbox/reset`).
 */
export const KEY_CACHE_TTL_MS = 5_000;
/** Entries kept at most: a flood of distinct keys cannot grow the process. */
export const KEY_CACHE_MAX_ENTRIES = 1_000;

/**
 * Keys found recently, by their SHA-256 (never the key itself), for a short time. Unknown keys
 * are not kept: a key that appears later (a reset to the seed) is found at once.
 */
export class KeyCache {
  private readonly entries = new Map<string, { found: FoundKey; until: number }>();

  constructor(
    private readonly ttlMs = KEY_CACHE_TTL_MS,
    private readonly maxEntries = KEY_CACHE_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {}

  get(hash: string): FoundKey | undefined {
    const entry = this.entries.get(hash);
    if (entry === undefined) return undefined;
    if (entry.until > this.now()) return entry.found;
    this.entries.delete(hash);
    return undefined;
  }

  set(hash: string, found: FoundKey): void {
    this.entries.delete(hash);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first entry is the oldest.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(hash, { found, until: this.now() + this.ttlMs });
  }

  forget(): void {
    this.entries.clear();
  }

  /** Drops the keys of these merchants (a throwaway merchant deleted): they are refused at once. */
  forgetMerchants(merchantIds: ReadonlySet<string>): void {
    for (const [hash, entry] of this.entries) {
      if (merchantIds.has(entry.found.merchant.id)) this.entries.delete(hash);
    }
  }
}
