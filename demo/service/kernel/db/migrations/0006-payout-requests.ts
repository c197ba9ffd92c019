import { type Kysely, sql } from 'kysely';

/**
 * Payout requests of sub-merchants (`payouts/`). Money in cents like the ledger; the request's
 * `payout_requested` / `payout_approved` / `payout_rejected` entries in `balance_entries` name it
 * in `reference_id`. A sub-merchant's list reads by (merchant_id, created_at); the
 * administrator's by created_at; `pendingCount` by the partial index of pending requests.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payout_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('merchant_id', 'text', (col) => col.notNull().references('merchants.id'))
    .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents >= 100`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('payout_fee_cents', 'bigint', (col) => col.notNull())
    .addColumn('net_amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('pix_key', 'text', (col) => col.notNull())
    .addColumn('rejection_reason', 'text')
    .addColumn('processed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('payout_requests_merchant')
    .on('payout_requests')
    .columns(['merchant_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payout_requests_created')
    .on('payout_requests')
    .column('created_at')
    .execute();
  await sql`create index payout_requests_pending on payout_requests (merchant_id) where status = 'pending'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payout_requests').execute();
}
