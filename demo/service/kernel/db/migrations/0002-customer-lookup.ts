import { type Kysely, sql } from 'kysely';

/**
 * A charge finds its inline customer by e-mail, case-insensitively, or by phone: indexes on
 * exactly those expressions, so the look-up no longer reads every customer of the merchant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index customers_merchant_lower_email on customers (merchant_id, lower(email))`.execute(
    db,
  );
  await db.schema
    .createIndex('customers_merchant_phone')
    .on('customers')
    .columns(['merchant_id', 'phone_number'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('customers_merchant_phone').execute();
  await db.schema.dropIndex('customers_merchant_lower_email').execute();
}
