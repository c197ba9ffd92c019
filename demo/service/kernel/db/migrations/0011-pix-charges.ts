import { type Kysely, sql } from 'kysely';

/**
 * PIX charges (`pix/`): the BR Code a pending charge shows and when it expires on the merchant's
 * clock. The partial index holds only the pending charges (PIX ones are the only charges that
 * wait), so the expiry sweeps (`pix/expiry.ts`: a merchant's clock advance, and the periodic one
 * over every merchant) read a few rows, however many charges there are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('charges')
    .addColumn('pix_qr_code', 'text')
    .addColumn('pix_expires_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('charges_pending_pix')
    .on('charges')
    .columns(['merchant_id', 'pix_expires_at'])
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('charges_pending_pix').execute();
  await db.schema
    .alterTable('charges')
    .dropColumn('pix_qr_code')
    .dropColumn('pix_expires_at')
    .execute();
}
