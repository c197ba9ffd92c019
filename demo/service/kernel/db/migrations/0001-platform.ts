import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/**
 * Accounts, keys, logins, wallets and the resources of the first emulation (customers, cards,
 * 3DS authentications, charges, events, webhook endpoints and deliveries). Every resource row
 * has `merchant_id`; money is bigint cents; timestamps are timestamptz.
 */

const now = sql`now()`;

/** `id`, `merchant_id` (with its index on creation date) and the two timestamps. */
function resource<T extends string>(db: Kysely<unknown>, table: T) {
  return db.schema
    .createTable(table)
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('merchant_id', 'text', (col) => col.notNull().references('merchants.id'));
}

const timestamps = <T extends string>(builder: CreateTableBuilder<T>) =>
  builder
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now));

const byMerchantAndDate = (db: Kysely<unknown>, table: string) =>
  db.schema
    .createIndex(`${table}_merchant_created`)
    .on(table)
    .columns(['merchant_id', 'created_at']);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_settings')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();

  await timestamps(
    db.schema
      .createTable('merchants')
      .addColumn('id', 'text', (col) => col.primaryKey().check(sql`id ~ '^[0-9A-Za-z]{27}$'`))
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('master', 'sub')`))
      .addColumn('parent_id', 'text', (col) => col.references('merchants.id'))
      .addColumn('status', 'text', (col) =>
        col
          .notNull()
          .check(sql`status in ('active', 'inactive', 'pending', 'rejected', 'blocked')`),
      )
      .addColumn('capabilities', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('legal_name', 'text', (col) => col.notNull())
      .addColumn('trade_name', 'text', (col) => col.notNull())
      .addColumn('company_tax_id', 'text', (col) => col.notNull())
      .addColumn('contact_email', 'text', (col) => col.notNull())
      .addColumn('website', 'text', (col) => col.notNull())
      .addColumn('product_type', 'text', (col) => col.notNull())
      .addColumn('product_description', 'text', (col) => col.notNull())
      .addColumn('soft_descriptor', 'text')
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('average_monthly_revenue_cents', 'bigint', (col) => col.notNull())
      .addColumn('average_order_value_cents', 'bigint', (col) => col.notNull())
      .addColumn('gateway_id', 'text', (col) => col.notNull()),
  )
    .addColumn('approved_at', 'timestamptz')
    .addColumn('rejected_at', 'timestamptz')
    .addColumn('blocked_at', 'timestamptz')
    .addColumn('inactivated_at', 'timestamptz')
    .addCheckConstraint(
      'merchants_master_has_no_parent',
      sql`(kind = 'master') = (parent_id is null)`,
    )
    .execute();
  await db.schema.createIndex('merchants_parent').on('merchants').column('parent_id').execute();

  await db.schema
    .createTable('logins')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('admin', 'merchant')`))
    .addColumn('merchant_id', 'text', (col) => col.references('merchants.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addCheckConstraint('logins_merchant_role', sql`(role = 'admin') = (merchant_id is null)`)
    .execute();

  await resource(db, 'api_keys')
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('publishable', 'secret')`))
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('hint', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('balances')
    .addColumn('merchant_id', 'text', (col) => col.notNull().references('merchants.id'))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('available_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('pending_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('reserved_cents', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('balances_pk', ['merchant_id', 'currency'])
    .execute();

  await timestamps(
    resource(db, 'customers')
      .addColumn('gateway_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('document_id', 'text', (col) => col.notNull())
      .addColumn('document_type', 'text', (col) => col.notNull())
      .addColumn('phone_number', 'text', (col) => col.notNull()),
  ).execute();
  await byMerchantAndDate(db, 'customers').execute();
  await db.schema
    .createIndex('customers_merchant_email')
    .on('customers')
    .columns(['merchant_id', 'email'])
    .execute();

  await timestamps(
    resource(db, 'cards')
      .addColumn('customer_id', 'text', (col) => col.references('customers.id'))
      .addColumn('token', 'text', (col) => col.notNull().unique())
      .addColumn('masked_number', 'text', (col) => col.notNull())
      .addColumn('brand', 'text', (col) => col.notNull())
      .addColumn('expiration_month', 'text', (col) => col.notNull())
      .addColumn('expiration_year', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) =>
        col.notNull().check(sql`status in ('pending_validation', 'active', 'inactive')`),
      )
      .addColumn('number_sealed', 'text', (col) => col.notNull())
      .addColumn('validation_cents', 'integer'),
  ).execute();
  await byMerchantAndDate(db, 'cards').execute();

  await timestamps(
    resource(db, 'authentications')
      .addColumn('scenario', 'text', (col) => col.notNull())
      .addColumn('amount_cents', 'bigint', (col) => col.notNull())
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('brand', 'text', (col) => col.notNull())
      .addColumn('last4', 'text', (col) => col.notNull())
      .addColumn('card_fingerprint', 'text', (col) => col.notNull())
      .addColumn('language', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('outcome', 'text')
      .addColumn('flow_state', 'jsonb', (col) => col.notNull())
      .addColumn('ds_transaction_id', 'text', (col) => col.notNull())
      .addColumn('three_ds_server_transaction_id', 'text', (col) => col.notNull().unique())
      .addColumn('acs_transaction_id', 'text', (col) => col.notNull())
      .addColumn('cryptogram', 'text', (col) => col.notNull())
      .addColumn('used_by_charge_id', 'text', (col) => col.unique()),
  ).execute();

  await timestamps(
    resource(db, 'charges')
      .addColumn('customer_id', 'text', (col) => col.notNull().references('customers.id'))
      .addColumn('amount_cents', 'bigint', (col) => col.notNull().check(sql`amount_cents >= 100`))
      .addColumn('currency', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('payment_method', 'jsonb', (col) => col.notNull())
      .addColumn('items', 'jsonb', (col) => col.notNull())
      .addColumn('three_ds', 'jsonb')
      .addColumn('next_action', 'jsonb')
      .addColumn('failure_reason', 'text')
      .addColumn('postback_url', 'text'),
  )
    .addColumn('paid_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .execute();
  await byMerchantAndDate(db, 'charges').execute();

  await resource(db, 'events')
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('resource_type', 'text', (col) => col.notNull())
    .addColumn('resource_id', 'text', (col) => col.notNull())
    .addColumn('envelope', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
  await byMerchantAndDate(db, 'events').execute();
  await db.schema.createIndex('events_resource').on('events').column('resource_id').execute();

  await timestamps(
    resource(db, 'webhook_endpoints')
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('events', 'jsonb', (col) => col.notNull())
      .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true)),
  ).execute();

  await timestamps(
    resource(db, 'webhook_deliveries')
      .addColumn('event_id', 'text', (col) => col.notNull().references('events.id'))
      .addColumn('endpoint_id', 'text', (col) =>
        col.references('webhook_endpoints.id').onDelete('set null'),
      )
      .addColumn('channel', 'text', (col) =>
        col.notNull().check(sql`channel in ('endpoint', 'postback', 'payout')`),
      )
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) =>
        col.notNull().check(sql`status in ('queued', 'delivered', 'failed')`),
      )
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (col) => col.notNull())
      .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(now))
      .addColumn('order_key', 'text', (col) => col.notNull()),
  ).execute();
  await db.schema
    .createIndex('webhook_deliveries_queue')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('delivery_id', 'text', (col) =>
      col.notNull().references('webhook_deliveries.id').onDelete('cascade'),
    )
    .addColumn('merchant_id', 'text', (col) => col.notNull().references('merchants.id'))
    .addColumn('attempt', 'integer', (col) => col.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('delivered', 'boolean', (col) => col.notNull())
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'webhook_attempts',
    'webhook_deliveries',
    'webhook_endpoints',
    'events',
    'charges',
    'authentications',
    'cards',
    'customers',
    'balances',
    'api_keys',
    'logins',
    'merchants',
    'sandbox_settings',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
