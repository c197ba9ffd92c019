import { type Kysely, sql, type Transaction } from 'kysely';
import { lock } from '../kernel/db/merged-begin';
import type { BalanceEntryKind, Schema } from '../kernel/db/schema';
import type { AlsoWrite } from '../kernel/delivery/outbox';
import { newId } from '../kernel/ids';
import { chargeSettlesAt } from './rules';

/**
 * The wallets' ledger. Money moves by adding rows, never by updating a balance: a merchant's
 * concurrent charges then never wait on one another. For the merchant's clock time `now`:
 *
 * - available = Σ amount of the entries settled by `now` (`settles_at <= now`);
 * - pending   = Σ amount of the entries not settled yet;
 * - reserved  = Σ reserved.
 *
 * How each movement is written (the rules of `docs/sandbox-wallets.md`; the settlement delay and
 * the payouts' movements are decided in `rules.ts`):
 *
 * | movement | amount | reserved | settles_at |
 * |---|---|---|---|
 * | a charge paid | +A | 0 | clock at payment + 2 days |
 * | its refund | −A | 0 | the charge entry's `settles_at` (pending or available, as the charge is) |
 * | a payout requested | −A | +A | clock now (out of available at once) |
 * | approved | 0 | −A | clock now (gone) |
 * | rejected | +A | −A | clock now (back to available) |
 */

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
export const lockWallet = (trx: Transaction<Schema>, merchantId: string, currency: string) =>
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

/** A charge that became paid at `paidAt`, on the merchant's clock (as every time it records). */
export interface PaidCharge {
  merchantId: string;
  chargeId: string;
  currency: string;
  amountCents: number;
  paidAt: Date;
}

/**
 * The paid charge's entry (+A, pending until 2 days after `paidAt` on the merchant's clock), as
 * a write of the charge's own statement (`recordEvents`' `also`): no round trip of its own.
 */
export const chargeEntry =
  (charge: PaidCharge): AlsoWrite =>
  (db) =>
    db.insertInto('balance_entries').values(
      entryRow({
        merchantId: charge.merchantId,
        currency: charge.currency,
        kind: 'charge',
        referenceId: charge.chargeId,
        amountCents: charge.amountCents,
        settlesAt: chargeSettlesAt(charge.paidAt),
      }),
    );

/**
 * The refund's entry (−A), settling with its charge's entry: out of pending while the charge is,
 * out of available once it settled. A charge paid before the ledger existed has no entry: its
 * refund comes out of available at once (the merchant's clock at `refundedAt`).
 */
export const refundEntry =
  (charge: Omit<PaidCharge, 'paidAt'> & { refundedAt: Date }): AlsoWrite =>
  (db) =>
    db.insertInto('balance_entries').values({
      ...entryRow({
        merchantId: charge.merchantId,
        currency: charge.currency,
        kind: 'refund',
        referenceId: charge.chargeId,
        amountCents: -charge.amountCents,
        settlesAt: new Date(0),
      }),
      settles_at: sql<Date>`coalesce((${db
        .selectFrom('balance_entries')
        .select('settles_at')
        .where('merchant_id', '=', charge.merchantId)
        .where('currency', '=', charge.currency)
        .where('kind', '=', 'charge')
        .where('reference_id', '=', charge.chargeId)
        .limit(1)}), ${charge.refundedAt})`,
    });
