import { type Kysely, sql } from 'kysely';

/**
 * Throwaway merchants (`merchants/`): a merchant made by `POST /sandbox/merchants`, and its
 * sub-merchant, carry when they expire (real time); the seeded accounts have none and never
 * expire. The partial index holds only throwaway masters: the cap counts the live ones and the
 * sweep finds the expired ones without reading the rest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('merchants').addColumn('expires_at', 'timestamptz').execute();
  await sql`create index merchants_throwaway_expiry on merchants (expires_at) where expires_at is not null and kind = 'master'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('merchants_throwaway_expiry').execute();
  await db.schema.alterTable('merchants').dropColumn('expires_at').execute();
}
