import type { Kysely } from 'kysely';

/**
 * Idempotency keys (`idempotency/`): one row per merchant and key. The row is the claim (its
 * `claim` names the request that runs; `status_code` null while it runs), then the answer kept
 * for replays. The primary key makes the claim an `INSERT … ON CONFLICT`, so two connections or
 * two processes never both run a key. `created_at` and `expires_at` are on the merchant's clock;
 * `claimed_at` is real time, to take over the claim of a process that died mid-request. Rows go
 * with their merchant (cascade) and are truncated by a reset with the seeded tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('merchant_id', 'text', (col) =>
      col.notNull().references('merchants.id').onDelete('cascade'),
    )
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('fingerprint', 'text', (col) => col.notNull())
    .addColumn('claim', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('content_type', 'text')
    .addColumn('body', 'bytea')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['merchant_id', 'key'])
    .execute();
  // The purge reads the oldest ends first.
  await db.schema
    .createIndex('idempotency_keys_expiry')
    .on('idempotency_keys')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
