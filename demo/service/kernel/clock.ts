import { type Kysely, sql, type Transaction } from 'kysely';
import type { Schema } from './db/schema';
import { inTransaction } from './db/transaction';

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

/** How long a merchant's offset is kept in the process (another sandbox's advance: this late). */
export const CLOCK_KEPT_MS = 5_000;
const CLOCKS_KEPT = 1_000;

/**
 * Each merchant's clock for the timestamps of its records (a charge's `createdAt`, a customer's,
 * a card's…): the offset is read once and kept for `CLOCK_KEPT_MS`, so the request path does not
 * pay a round trip for it, like the API keys (`accounts/key-cache.ts`). An advance or a reset in
 * this process forgets it at once; another process on the same PostgreSQL sees it within
 * `CLOCK_KEPT_MS`. What must be exact on the clock (due work, settlement, a token's expiry) reads
 * it in its own transaction with `merchantNow`.
 */
export class MerchantClocks {
  private readonly kept = new Map<string, { offsetMs: number; until: number }>();

  constructor(private readonly keptMs = CLOCK_KEPT_MS) {}

  /**
   * `db`: the caller's transaction when it is in one (PGlite's one connection is held by it),
   * else the service's handle; named by every caller so none reads outside its transaction.
   */
  async now(merchantId: string, db: Kysely<Schema>): Promise<Date> {
    const at = Date.now();
    const kept = this.kept.get(merchantId);
    if (kept !== undefined && kept.until > at) return new Date(at + kept.offsetMs);
    const offsetMs = await clockOffset(db, merchantId);
    if (this.kept.size >= CLOCKS_KEPT) this.kept.clear();
    this.kept.set(merchantId, { offsetMs, until: at + this.keptMs });
    return new Date(at + offsetMs);
  }

  /** After an advance (one merchant) or a reset (every merchant). */
  forget(merchantId?: string): void {
    if (merchantId === undefined) this.kept.clear();
    else this.kept.delete(merchantId);
  }
}

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
  db: Transaction<Schema>;
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
