import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Schema } from '../db/schema';
import { inTransaction } from '../db/transaction';

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

/**
 * SQL for the merchant's clock time at the real time `at`, plus `plusMs`: for a write that must
 * not cost a round trip to read the offset first (a paid charge's settlement date).
 */
export const clockTimeSql = (merchantId: string, at: Date, plusMs = 0): RawBuilder<Date> =>
  sql<Date>`${at.toISOString()}::timestamptz + (coalesce((select offset_ms from merchant_clocks where merchant_id = ${merchantId}), 0) + ${plusMs}) * interval '1 millisecond'`;

/** A merchant's clock as `GET /sandbox/clock` answers it. */
export interface ClockState {
  merchantId: string;
  now: string;
  offsetDays: number;
}

/** An advance's answer: the clock, and the events its due work recorded, by name. */
export interface AdvancedClock extends ClockState {
  events: Record<string, number>;
}

const stateOf = (merchantId: string, offsetMs: number, at: number): ClockState => ({
  merchantId,
  now: new Date(at + offsetMs).toISOString(),
  offsetDays: offsetMs / DAY_MS,
});

export async function clockState(db: Kysely<Schema>, merchantId: string): Promise<ClockState> {
  return stateOf(merchantId, await clockOffset(db, merchantId), Date.now());
}

/** The stretch of a merchant's clock an advance went over: what fell due in (from, to]. */
export interface DueWindow {
  /** The advance's transaction: due work commits with the move, or neither does. */
  db: Kysely<Schema>;
  merchantId: string;
  from: Date;
  to: Date;
}

/**
 * What falls due when a merchant's clock moves (renewals, PIX expiries…), run in order in the
 * advance's transaction; it answers how many of each event it recorded. Settlement needs none:
 * a balance is computed from `settles_at`.
 */
export type DueWork = (window: DueWindow) => Promise<Record<string, number>>;

/**
 * Moves the merchant's clock `days` forward, then runs `dueWork` over the stretch it went over.
 * The clock's row stays locked until the transaction ends, so two advances of one merchant
 * never run their due work over the same stretch.
 */
export async function advanceClock(
  db: Kysely<Schema>,
  merchantId: string,
  days: number,
  dueWork: readonly DueWork[] = [],
): Promise<AdvancedClock> {
  const at = Date.now();
  const moveMs = days * DAY_MS;
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('merchant_clocks')
      .values({ merchant_id: merchantId, offset_ms: moveMs, updated_at: sql`now()` })
      .onConflict((oc) =>
        oc.column('merchant_id').doUpdateSet({
          offset_ms: sql`merchant_clocks.offset_ms + excluded.offset_ms`,
          updated_at: sql`now()`,
        }),
      )
      .returning('offset_ms')
      .executeTakeFirstOrThrow();
    const offsetMs = Number(row.offset_ms);
    const window: DueWindow = {
      db: trx,
      merchantId,
      from: new Date(at + offsetMs - moveMs),
      to: new Date(at + offsetMs),
    };
    const events: Record<string, number> = {};
    for (const work of dueWork) {
      for (const [event, n] of Object.entries(await work(window))) {
        events[event] = (events[event] ?? 0) + n;
      }
    }
    return { ...stateOf(merchantId, offsetMs, at), events };
  });
}
