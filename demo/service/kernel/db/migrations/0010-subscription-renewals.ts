import { type Kysely, sql } from 'kysely';

/**
 * Renewals (`subscriptions/renewals.ts`): each subscription remembers the charge of its latest
 * payment attempt (first period, renewal or retry), so a refund of that charge marks the
 * subscription `refunded` and QA can follow the charge from the record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('latest_charge_id', 'text', (col) => col.references('charges.id'))
    .execute();
  await db.schema
    .createIndex('subscriptions_latest_charge')
    .on('subscriptions')
    .column('latest_charge_id')
    .where(sql.ref('latest_charge_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subscriptions_latest_charge').execute();
  await db.schema.alterTable('subscriptions').dropColumn('latest_charge_id').execute();
}
