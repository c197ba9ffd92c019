import type { Kysely } from 'kysely';

/**
 * Each merchant's API latency (`latency/`): the delay its requests meet, set by
 * `PUT /sandbox/latency` with its key. No row: the host's default (`SANDBOX_LATENCY_MS`). Gone
 * with its merchant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('merchant_latency')
    .addColumn('merchant_id', 'text', (col) =>
      col.primaryKey().references('merchants.id').onDelete('cascade'),
    )
    .addColumn('ms', 'integer', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('merchant_latency').execute();
}
