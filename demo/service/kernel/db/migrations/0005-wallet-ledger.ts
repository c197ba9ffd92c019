import { type Kysely, sql } from 'kysely';

/**
 * Wallets as a ledger (`wallets/ledger.ts`): every movement of money is a row, and a balance is a
 * sum. A paid charge adds a row instead of updating one balance row per merchant, which every
 * concurrent charge of that merchant would wait on. Each merchant's clock (`demo/service/kernel/clock.ts`) is
 * an offset from the real time. The `balances` rows of 0001 become opening entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('merchant_clocks')
    .addColumn('merchant_id', 'text', (col) => col.primaryKey().references('merchants.id'))
    .addColumn('offset_ms', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('balance_entries')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('merchant_id', 'text', (col) => col.notNull().references('merchants.id'))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) =>
      col
        .notNull()
        .check(
          sql`kind in ('opening', 'charge', 'refund', 'payout_requested', 'payout_approved', 'payout_rejected')`,
        ),
    )
    .addColumn('reference_id', 'text')
    .addColumn('amount_cents', 'bigint', (col) => col.notNull())
    .addColumn('reserved_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('settles_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('balance_entries_wallet')
    .on('balance_entries')
    .columns(['merchant_id', 'currency', 'settles_at'])
    .execute();

  await sql`
    insert into balance_entries (id, merchant_id, currency, kind, amount_cents, reserved_cents, settles_at)
    select 'bal_' || md5(merchant_id || currency || 'available'), merchant_id, currency, 'opening',
           available_cents, reserved_cents, 'epoch'::timestamptz
      from balances
    union all
    select 'bal_' || md5(merchant_id || currency || 'pending'), merchant_id, currency, 'opening',
           pending_cents, 0, now() + interval '2 days'
      from balances where pending_cents <> 0`.execute(db);
  await db.schema.dropTable('balances').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('balances')
    .addColumn('merchant_id', 'text', (col) => col.notNull().references('merchants.id'))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('available_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('pending_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('reserved_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('balances_pk', ['merchant_id', 'currency'])
    .execute();
  await db.schema.dropTable('balance_entries').execute();
  await db.schema.dropTable('merchant_clocks').execute();
}
