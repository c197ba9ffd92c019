import { type Kysely, sql } from 'kysely';

/**
 * The delivery queue's order: `seq` numbers deliveries as they are inserted (two events of one
 * transaction share a timestamp), and a partial index finds the earlier queued delivery of the
 * same `order_key` that holds a later one back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhook_deliveries add column seq bigint generated always as identity`.execute(
    db,
  );
  await sql`create index webhook_deliveries_order on webhook_deliveries (order_key, seq) where status = 'queued'`.execute(
    db,
  );
  await db.schema
    .createIndex('webhook_attempts_merchant')
    .on('webhook_attempts')
    .columns(['merchant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .column('delivery_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_attempts_delivery').execute();
  await db.schema.dropIndex('webhook_attempts_merchant').execute();
  await db.schema.dropIndex('webhook_deliveries_order').execute();
  await sql`alter table webhook_deliveries drop column seq`.execute(db);
}
