import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Schema } from './schema';

/**
 * A secret that survives restarts (and resets): made once, stored in `sandbox_settings`.
 * Processes sharing one PostgreSQL agree on it: the first insert wins, everyone reads it back.
 */
export async function storedSecret(db: Kysely<Schema>, name: string): Promise<string> {
  await db
    .insertInto('sandbox_settings')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('sandbox_settings')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
