import { type Kysely, sql } from 'kysely';
import type { Schema } from '../db/schema';

/**
 * Each merchant's clock: the real time plus an offset the merchant moves forward with
 * `POST /sandbox/clock/advance` (a hosted sandbox is shared, so one merchant's clock never moves
 * another's). What falls due on it (balances that settle; later renewals and expiries) is judged
 * against this time, never the server's.
 */

export const DAY_MS = 86_400_000;

/** The merchant's offset in milliseconds (0 when it never moved its clock). */
export async function clockOffset(db: Kysely<Schema>, merchantId: string): Promise<number> {
  const row = await db
    .selectFrom('merchant_clocks')
    .select('offset_ms')
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
  return Number(row?.offset_ms ?? 0);
}

/** The time now on the merchant's clock. */
export async function merchantNow(db: Kysely<Schema>, merchantId: string): Promise<Date> {
  return new Date(Date.now() + (await clockOffset(db, merchantId)));
}

/** Moves the merchant's clock `days` forward; answers its new time. */
export async function advanceClock(
  db: Kysely<Schema>,
  merchantId: string,
  days: number,
): Promise<Date> {
  const row = await db
    .insertInto('merchant_clocks')
    .values({ merchant_id: merchantId, offset_ms: days * DAY_MS, updated_at: sql`now()` })
    .onConflict((oc) =>
      oc.column('merchant_id').doUpdateSet({
        offset_ms: sql`merchant_clocks.offset_ms + excluded.offset_ms`,
        updated_at: sql`now()`,
      }),
    )
    .returning('offset_ms')
    .executeTakeFirstOrThrow();
  return new Date(Date.now() + Number(row.offset_ms));
}
