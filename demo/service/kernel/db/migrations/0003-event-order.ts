import { type Kysely, sql } from 'kysely';

/**
 * The events of one change (a charge's `charge.created` and `charge.paid`) are recorded together
 * and share their creation time: `seq` keeps the order they were recorded in, and the index
 * lists a resource's events in that order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events add column seq bigint generated always as identity`.execute(db);
  await db.schema.dropIndex('events_resource').execute();
  await db.schema
    .createIndex('events_resource_seq')
    .on('events')
    .columns(['resource_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_resource_seq').execute();
  await db.schema.createIndex('events_resource').on('events').column('resource_id').execute();
  await db.schema.alterTable('events').dropColumn('seq').execute();
}
