import type { Kysely } from 'kysely';
import type { Schema } from '../kernel/db/schema';

/**
 * Each merchant's latency, in `merchant_latency`, with an in-memory copy: every request of a
 * merchant reads it, and a setting changes only by `set` (this process). Another process on the
 * same PostgreSQL sees a change when it reads that merchant for the first time; a reset or a
 * merchant's deletion clears the copy (`forget`).
 */
export class LatencyStore {
  private readonly known = new Map<string, number | undefined>();

  constructor(private readonly db: Kysely<Schema>) {}

  /** The merchant's own latency, undefined when it never set one. */
  async of(merchantId: string): Promise<number | undefined> {
    if (this.known.has(merchantId)) return this.known.get(merchantId);
    const row = await this.db
      .selectFrom('merchant_latency')
      .select('ms')
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst();
    this.known.set(merchantId, row?.ms);
    return row?.ms;
  }

  async set(merchantId: string, ms: number): Promise<void> {
    await this.db
      .insertInto('merchant_latency')
      .values({ merchant_id: merchantId, ms })
      .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet({ ms }))
      .execute();
    this.known.set(merchantId, ms);
  }

  /** Drops the in-memory copy (after a reset, or a merchant deleted). */
  forget(): void {
    this.known.clear();
  }
}
