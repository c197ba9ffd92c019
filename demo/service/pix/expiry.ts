import { type Kysely, sql, type Transaction } from 'kysely';
import type { Tenant } from '../accounts/tenancy';
import { saveChange } from '../charges/changes';
import { type ChargeRow, chargesOf, chargesWithCustomers, toCharge } from '../charges/rows';
import type { DueWindow, DueWork } from '../kernel/clock';
import type { Schema } from '../kernel/db/schema';
import { inTransaction } from '../kernel/db/transaction';
import { expirePix } from './rules';

/**
 * PIX codes that expire with nobody looking. A read of the charge expires it when it is due
 * (`ChargeStore.require`), and so does a payment that comes too late; these two find the others:
 *
 * - `pixExpiriesDue`, the due work of a merchant's clock advance (`WalletStore.addDueWork`): what
 *   fell due by the advance's end, in its transaction, counted in its answer;
 * - `PixExpirySweeper`, every second, over every merchant, as real time passes (each merchant's
 *   clock is the real time plus its offset).
 *
 * Either way each charge is expired at its `expiresAt`, with the legacy `charge.updated`.
 */

/** Only pending charges are in the partial index (migration 0011): a literal, so it is used. */
const PENDING = sql.lit('pending');
/** Charges expired per round (locked together). */
const ROUND_SIZE = 100;
export const SWEEP_EVERY_MS = 1_000;
/** `close()` waits this long at most for a sweep in progress. */
const CLOSE_LIMIT_MS = 5_000;

/** Expires each row in `trx` (the worker is woken after the commit: kernel/delivery/outbox.ts). */
async function expireRows(trx: Transaction<Schema>, rows: readonly ChargeRow[]): Promise<void> {
  for (const row of rows) {
    const tenant: Tenant = { merchantId: row.merchant_id };
    await saveChange(trx, tenant, expirePix(toCharge(row)));
  }
}

/** The due work of a clock advance: the merchant's PIX charges due by its end expire. */
export function pixExpiriesDue(log: (line: string) => void): DueWork {
  return async ({ db, merchantId, to }: DueWindow): Promise<Record<string, number>> => {
    let expired = 0;
    for (;;) {
      // Locked, waiting for a payment in progress: it wins if it committed first.
      const rows = await chargesOf(db, { merchantId })
        .where('charges.status', '=', PENDING)
        .where('charges.pix_expires_at', '<=', to)
        .orderBy('charges.pix_expires_at')
        .orderBy('charges.id')
        .limit(ROUND_SIZE)
        .forUpdate('charges')
        .execute();
      if (rows.length === 0) break;
      await expireRows(db, rows);
      expired += rows.length;
    }
    if (expired === 0) return {};
    log(`pix: ${merchantId} clock advanced: ${expired} charge(s) expired`);
    return { 'charge.updated': expired };
  };
}

/** Pending charges of any merchant whose code expired by `now` plus their merchant's offset. */
const dueEverywhere = (db: Kysely<Schema>, now: Date) =>
  chargesWithCustomers(db)
    .leftJoin('merchant_clocks', 'merchant_clocks.merchant_id', 'charges.merchant_id')
    .where('charges.status', '=', PENDING)
    .where(
      'charges.pix_expires_at',
      '<=',
      sql<Date>`${now.toISOString()}::timestamptz + coalesce(merchant_clocks.offset_ms, 0) * interval '1 millisecond'`,
    );

export interface SweeperOptions {
  db: Kysely<Schema>;
  log: (line: string) => void;
  /** How often it looks (default every second); 0: never by itself (`sweep()` only). */
  everyMs?: number;
}

/**
 * Expires due PIX charges of every merchant as real time passes. One cheap query a look when
 * nothing is due; the rows are locked `SKIP LOCKED`, so two sandboxes on one PostgreSQL never
 * expire a charge twice and neither waits for a payment in progress.
 */
export class PixExpirySweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private closed = false;
  private lastError = '';

  constructor(private readonly options: SweeperOptions) {}

  start(): void {
    this.schedule();
  }

  /** Expires what is due now; answers how many charges it expired. */
  async sweep(): Promise<number> {
    const { db, log } = this.options;
    let expired = 0;
    for (;;) {
      const any = await dueEverywhere(db, new Date())
        .select(sql<number>`1`.as('due'))
        .limit(1)
        .executeTakeFirst();
      if (any === undefined) break;
      const rows = await inTransaction(db, async (trx) => {
        const due = await dueEverywhere(trx, new Date())
          .orderBy('charges.pix_expires_at')
          .limit(ROUND_SIZE)
          .forUpdate('charges')
          .skipLocked()
          .execute();
        await expireRows(trx, due);
        return due.length;
      });
      expired += rows;
      // Everything due was locked by another sweep or payment: it deals with them.
      if (rows < ROUND_SIZE) break;
    }
    if (expired > 0) log(`pix: ${expired} charge(s) expired (their codes' time ran out)`);
    return expired;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await Promise.race([
      this.running,
      new Promise((resolve) => setTimeout(resolve, CLOSE_LIMIT_MS).unref()),
    ]);
  }

  private schedule(): void {
    const everyMs = this.options.everyMs ?? SWEEP_EVERY_MS;
    if (this.closed || everyMs <= 0) return;
    this.timer = setTimeout(() => {
      this.running = this.sweep()
        .then(() => {
          this.lastError = '';
        })
        .catch((error: unknown) => {
          const text = error instanceof Error ? error.message : String(error);
          // Logged once per kind of failure (the database is down): no log flood.
          if (!this.closed && text !== this.lastError) this.options.log(`pix: sweep: ${text}`);
          this.lastError = text;
        })
        .finally(() => {
          this.running = undefined;
          this.schedule();
        });
    }, everyMs);
    this.timer.unref();
  }
}
