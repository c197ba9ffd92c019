import { type Kysely, sql } from 'kysely';

/**
 * The per-merchant test tools that keep state: fault rules (`faults/`) and the request log
 * (`requests/`). No foreign key to `merchants`: a reset truncates the seeded tables by name and a
 * throwaway merchant's deletion removes its rows by `merchant_id`, so neither needs to know these
 * tables' constraints. `seen` counts the requests a rule was tried on: the seeded draw of the
 * n-th one is a function of (seed, n) (`faults/rules.ts`), so it survives a restart. The log is
 * read newest first per merchant and trimmed from its oldest end: one index serves both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_faults')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('merchant_id', 'text', (col) => col.notNull())
    .addColumn('method', 'text')
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('action', 'jsonb', (col) => col.notNull())
    .addColumn('probability', 'double precision', (col) => col.notNull().defaultTo(1))
    .addColumn('times', 'integer')
    .addColumn('seed', 'text')
    .addColumn('hits', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('seen', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table sandbox_faults add column seq bigint generated always as identity`.execute(
    db,
  );
  await db.schema
    .createIndex('sandbox_faults_merchant')
    .on('sandbox_faults')
    .columns(['merchant_id', 'seq'])
    .execute();

  await db.schema
    .createTable('sandbox_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('merchant_id', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('query', 'jsonb', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('fault_id', 'text')
    .addColumn('idempotent_replayed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('request_body', 'jsonb')
    .addColumn('response_body', 'jsonb')
    .execute();
  await sql`alter table sandbox_requests add column seq bigint generated always as identity`.execute(
    db,
  );
  await db.schema
    .createIndex('sandbox_requests_merchant')
    .on('sandbox_requests')
    .columns(['merchant_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_requests').execute();
  await db.schema.dropTable('sandbox_faults').execute();
}
