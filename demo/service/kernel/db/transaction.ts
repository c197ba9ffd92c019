import type { Kysely } from 'kysely';
import type { Schema } from './schema';

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a transaction of its own: a
 * store's step (a look-up-or-create, a claim) can then be part of a larger change that commits
 * or rolls back as a whole.
 */
export function inTransaction<T>(
  db: Kysely<Schema>,
  work: (trx: Kysely<Schema>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
