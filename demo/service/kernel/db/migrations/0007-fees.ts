import { type Kysely, sql } from 'kysely';

/**
 * Sub-accounts' fees (`GET /v1/connect/sub-accounts/{id}/fees-info`): one row per fee, the
 * default (`brand` null) and brand overrides side by side, listed in `position` order. A fee's
 * percentages are one per installment count, kept as JSON numbers (exact decimals).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('fees')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('merchant_id', 'text', (col) => col.notNull().references('merchants.id'))
    .addColumn('fee_type', 'text', (col) =>
      col.notNull().check(sql`fee_type in ('tx_spread', 'anticipation')`),
    )
    .addColumn('payment_method', 'text', (col) => col.notNull())
    .addColumn('currency_code', 'text', (col) => col.notNull())
    .addColumn('brand', 'text')
    .addColumn('fixed_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('percentages', 'jsonb', (col) =>
      col.notNull().check(sql`jsonb_typeof(percentages) = 'array'`),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addUniqueConstraint('fees_merchant_position', ['merchant_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('fees').execute();
}
