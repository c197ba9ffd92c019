import { type Kysely, sql } from 'kysely';
import { lock } from '../db/merged-begin';
import type { BalanceEntryKind, Schema } from '../db/schema';
import { newId } from '../ids';

/**
 * The wallets' ledger. Money moves by adding rows, never by updating a balance: a merchant's
 * concurrent charges then never wait on one another. For the merchant's clock time `now`:
 *
 * - available = Σ amount of the entries settled by `now` (`settles_at <= now`);
 * - pending   = Σ amount of the entries not settled yet;
 * - reserved  = Σ reserved.
 *
 * How each movement is written (what `SANDBOX.md`'s wallet rules become):
 *
 * | movement | amount | reserved | settles_at |
 * |---|---|---|---|
 * | a charge paid | +A | 0 | clock at payment + 2 days |
 * | its refund | −A | 0 | the charge entry's `settles_at` (pending or available, as the charge is) |
 * | a payout requested | −A | +A | clock now (out of available at once) |
 * | approved | 0 | −A | clock now (gone) |
 * | rejected | +A | −A | clock now (back to available) |
 */

export const SETTLEMENT_DAYS = 2;

export interface NewBalanceEntry {
  merchantId: string;
  currency: string;
  kind: BalanceEntryKind;
  referenceId?: string;
  amountCents: number;
  reservedCents?: number;
  settlesAt: Date;
}

export interface BalanceCents {
  currency: string;
  available: number;
  pending: number;
  reserved: number;
}

export const entryRow = (entry: NewBalanceEntry) => ({
  id: newId('bal'),
  merchant_id: entry.merchantId,
  currency: entry.currency,
  kind: entry.kind,
  reference_id: entry.referenceId ?? null,
  amount_cents: entry.amountCents,
  reserved_cents: entry.reservedCents ?? 0,
  settles_at: entry.settlesAt,
});

export async function addEntries(
  db: Kysely<Schema>,
  entries: readonly NewBalanceEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('balance_entries').values(entries.map(entryRow)).execute();
}

/**
 * Serialises what must read a balance and then move it (a payout request against `available`)
 * for one merchant and currency, until the caller's transaction ends. Adding a charge needs no
 * lock: it only adds money.
 */
export const lockWallet = (trx: Kysely<Schema>, merchantId: string, currency: string) =>
  lock(trx, `wallet:${merchantId}:${currency}`);

/** Every wallet of the merchant (a currency it ever had money in), or one, as of `now`. */
export async function balances(
  db: Kysely<Schema>,
  merchantId: string,
  now: Date,
  currency?: string,
): Promise<BalanceCents[]> {
  let query = db
    .selectFrom('balance_entries')
    .select((eb) => [
      'currency',
      sql<number>`coalesce(sum(amount_cents) filter (where settles_at <= ${now}), 0)::bigint`.as(
        'available',
      ),
      sql<number>`coalesce(sum(amount_cents) filter (where settles_at > ${now}), 0)::bigint`.as(
        'pending',
      ),
      eb.fn.sum<number>('reserved_cents').as('reserved'),
    ])
    .where('merchant_id', '=', merchantId)
    .groupBy('currency')
    .orderBy('currency');
  if (currency !== undefined) query = query.where('currency', '=', currency);
  const rows = await query.execute();
  return rows.map((row) => ({
    currency: row.currency,
    available: Number(row.available),
    pending: Number(row.pending),
    reserved: Number(row.reserved),
  }));
}
