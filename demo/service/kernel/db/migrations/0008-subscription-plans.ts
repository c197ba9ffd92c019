import { type Kysely, sql } from 'kysely';

/**
 * Subscription plans (`plans/`): price in cents, the plan's image (one per plan, replaced on
 * upload; served by `GET /sandbox/plan-images/…`) and the confirmations a deactivation with
 * active subscriptions asks for (the token only as its SHA-256, single use, with an expiry on
 * the merchant's clock). Subscriptions, in a later migration, reference `subscription_plans.id`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscription_plans')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('merchant_id', 'text', (col) => col.notNull().references('merchants.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'bigint', (col) => col.notNull().check(sql`price_cents >= 100`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('recurrence_type', 'text', (col) =>
      col.notNull().check(sql`recurrence_type in ('weekly', 'biweekly', 'monthly', 'custom')`),
    )
    .addColumn('recurrence_interval', 'integer', (col) =>
      col.check(sql`recurrence_interval between 1 and 24`),
    )
    .addColumn('end_date', 'timestamptz')
    .addColumn('buyer_message', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('payment_methods', 'jsonb', (col) =>
      col.notNull().check(sql`jsonb_typeof(payment_methods) = 'array'`),
    )
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('active', 'inactive')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'subscription_plans_interval_iff_custom',
      sql`(recurrence_type = 'custom') = (recurrence_interval is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('subscription_plans_merchant')
    .on('subscription_plans')
    .columns(['merchant_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('plan_images')
    .addColumn('plan_id', 'text', (col) =>
      col.primaryKey().references('subscription_plans.id').onDelete('cascade'),
    )
    .addColumn('merchant_id', 'text', (col) => col.notNull().references('merchants.id'))
    .addColumn('content_type', 'text', (col) =>
      col.notNull().check(sql`content_type in ('image/png', 'image/jpeg')`),
    )
    .addColumn('bytes', 'bytea', (col) => col.notNull())
    .addColumn('byte_size', 'integer', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('plan_confirmations')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('plan_id', 'text', (col) =>
      col.notNull().references('subscription_plans.id').onDelete('cascade'),
    )
    .addColumn('merchant_id', 'text', (col) => col.notNull().references('merchants.id'))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('plan_confirmations').execute();
  await db.schema.dropTable('plan_images').execute();
  await db.schema.dropTable('subscription_plans').execute();
}
