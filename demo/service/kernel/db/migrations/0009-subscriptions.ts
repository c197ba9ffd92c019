import { type Kysely, sql } from 'kysely';

/**
 * Subscriptions (`subscriptions/`): a customer on a plan, charged each period on a saved card
 * (`card_id`; a raw card given at creation is saved as a card of the customer first). Times
 * are on the merchant's clock. Indexes serve the list's filters (merchant, customer, status)
 * and the renewals' question "what is due" (merchant, status, next_billing_at).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('merchant_id', 'text', (col) => col.notNull().references('merchants.id'))
    .addColumn('plan_id', 'text', (col) => col.notNull().references('subscription_plans.id'))
    .addColumn('customer_id', 'text', (col) => col.notNull().references('customers.id'))
    .addColumn('card_id', 'text', (col) => col.notNull().references('cards.id'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .check(sql`status in ('pending_activation', 'active', 'cancelled', 'paused', 'expired')`),
    )
    .addColumn('billing_day', 'integer', (col) =>
      col.notNull().check(sql`billing_day between 1 and 31`),
    )
    .addColumn('current_period_start', 'timestamptz', (col) => col.notNull())
    .addColumn('current_period_end', 'timestamptz', (col) => col.notNull())
    .addColumn('next_billing_at', 'timestamptz')
    .addColumn('failed_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('cancellation_type', 'text', (col) =>
      col.check(sql`cancellation_type in ('requested', 'plan_deactivated', 'payment_failed')`),
    )
    .addColumn('paused_at', 'timestamptz')
    .addColumn('refunded', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('metadata', 'jsonb', (col) =>
      col.notNull().defaultTo(sql`'{}'::jsonb`).check(sql`jsonb_typeof(metadata) = 'object'`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'subscriptions_cancelled_iff_type',
      sql`(status = 'cancelled') = (cancellation_type is not null and cancelled_at is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('subscriptions_merchant')
    .on('subscriptions')
    .columns(['merchant_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('subscriptions_customer')
    .on('subscriptions')
    .columns(['merchant_id', 'customer_id'])
    .execute();
  await db.schema
    .createIndex('subscriptions_plan')
    .on('subscriptions')
    .columns(['plan_id', 'status'])
    .execute();
  await db.schema
    .createIndex('subscriptions_due')
    .on('subscriptions')
    .columns(['merchant_id', 'status', 'next_billing_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('subscriptions').execute();
}
