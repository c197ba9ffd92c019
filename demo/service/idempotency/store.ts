import { type Kysely, sql } from 'kysely';
import type { Schema } from '../kernel/db/schema';
import { expiresAt, type KeptKey, STALE_CLAIM_MS } from './rules';

/** A request taking a key. */
export interface NewClaim {
  merchantId: string;
  key: string;
  fingerprint: string;
  /** Names this request's claim (a random id): only it may store or drop the row. */
  claim: string;
  /** The merchant's clock. */
  now: Date;
  /** Real time (for a claim left by a process that stopped). */
  at: Date;
}

/** A key's row: its request's fingerprint, and the answer once the request ended. */
export interface KeptRow extends KeptKey {
  contentType: string | null;
  body: Uint8Array | null;
}

/** What a finished request answered. */
export interface KeptAnswer {
  statusCode: number;
  contentType: string | null;
  body: Uint8Array;
}

/** At most this many expired keys go per purge: a purge never holds the request path long. */
export const PURGE_LIMIT = 500;

/**
 * The merchants' idempotency keys (table `idempotency_keys`, migration 0013). Every statement
 * stands alone (no transaction): the claim must be seen by other connections at once, and the
 * operation it guards runs in transactions of its own.
 */
export class IdempotencyStore {
  constructor(private readonly db: Kysely<Schema>) {}

  /**
   * Takes the key for this request, in one statement: the primary key lets one connection win;
   * a row whose key expired on the merchant's clock, or whose claim was left running by a
   * process that stopped (`STALE_CLAIM_MS`), is taken over. True when this request holds it.
   */
  async claim(claim: NewClaim): Promise<boolean> {
    const staleBefore = new Date(claim.at.getTime() - STALE_CLAIM_MS);
    const row = await this.db
      .insertInto('idempotency_keys')
      .values({
        merchant_id: claim.merchantId,
        key: claim.key,
        fingerprint: claim.fingerprint,
        claim: claim.claim,
        claimed_at: claim.at,
        status_code: null,
        content_type: null,
        body: null,
        created_at: claim.now,
        expires_at: expiresAt(claim.now),
      })
      .onConflict((oc) =>
        oc
          .columns(['merchant_id', 'key'])
          .doUpdateSet((eb) => ({
            fingerprint: eb.ref('excluded.fingerprint'),
            claim: eb.ref('excluded.claim'),
            claimed_at: eb.ref('excluded.claimed_at'),
            status_code: null,
            content_type: null,
            body: null,
            created_at: eb.ref('excluded.created_at'),
            expires_at: eb.ref('excluded.expires_at'),
          }))
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.expires_at', '<=', eb.ref('excluded.created_at')),
              eb.and([
                eb('idempotency_keys.status_code', 'is', null),
                eb('idempotency_keys.claimed_at', '<', staleBefore),
              ]),
            ]),
          ),
      )
      .returning('claim')
      .executeTakeFirst();
    return row?.claim === claim.claim;
  }

  /** The key's row, if it is there. */
  async find(merchantId: string, key: string): Promise<KeptRow | undefined> {
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'status_code', 'content_type', 'body'])
      .where('merchant_id', '=', merchantId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    return {
      fingerprint: row.fingerprint,
      statusCode: row.status_code,
      contentType: row.content_type,
      body: row.body,
    };
  }

  /** Keeps the answer of the request that holds the claim (a claim taken over keeps nothing). */
  async keep(merchantId: string, key: string, claim: string, answer: KeptAnswer): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({
        status_code: answer.statusCode,
        content_type: answer.contentType,
        body: Buffer.from(answer.body),
      })
      .where('merchant_id', '=', merchantId)
      .where('key', '=', key)
      .where('claim', '=', claim)
      .execute();
  }

  /** Gives the key back (the request failed with 500 or more, or threw): a retry runs again. */
  async release(merchantId: string, key: string, claim: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('merchant_id', '=', merchantId)
      .where('key', '=', key)
      .where('claim', '=', claim)
      .execute();
  }

  /**
   * Deletes up to `limit` keys expired on their merchant's clock at real time `at` (each
   * merchant's offset from `merchant_clocks`). Answers how many went.
   */
  async purge(at: Date, limit = PURGE_LIMIT): Promise<number> {
    const result = await sql`
      delete from idempotency_keys
      where (merchant_id, key) in (
        select k.merchant_id, k.key
        from idempotency_keys k
        left join merchant_clocks c on c.merchant_id = k.merchant_id
        where k.expires_at <= ${at}::timestamptz
          + coalesce(c.offset_ms, 0) * interval '1 millisecond'
        limit ${limit}
      )`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }
}
