import type { Kysely, Transaction } from 'kysely';
import type { Schema } from './schema';

/**
 * What runs once a transaction has committed; `root` is the handle that opened it. It must not
 * throw: the change is committed by then, and its caller is told it succeeded.
 */
export type CommitHook = (root: Kysely<Schema>) => void;

/** The transactions `inTransaction` opened, with the hooks to run after their commit. */
const opened = new WeakMap<Kysely<Schema>, { root: Kysely<Schema>; hooks: CommitHook[] }>();

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a transaction of its own: a
 * store's step (a look-up-or-create, a claim) can then be part of a larger change that commits
 * or rolls back as a whole. The one way the service opens a transaction: after the commit of one
 * it opened, it runs the hooks `afterCommit` registered in it (none on a rollback).
 */
export async function inTransaction<T>(
  db: Kysely<Schema>,
  work: (trx: Transaction<Schema>) => Promise<T>,
): Promise<T> {
  // A handle that is a transaction is one of Kysely's `Transaction` objects.
  if (db.isTransaction) return work(db as Transaction<Schema>);
  const hooks: CommitHook[] = [];
  const result = await db.transaction().execute((trx) => {
    opened.set(trx, { root: db, hooks });
    return work(trx);
  });
  for (const hook of hooks) hook(db);
  return result;
}

/**
 * Runs `hook` once what was written through `db` is committed: at once when `db` is not a
 * transaction (each statement commits by itself), after the commit when it is one `inTransaction`
 * opened. A transaction opened any other way (`db.transaction()`) is refused with an error: its
 * commit cannot be seen, and the hook (the delivery worker's wake, `delivery/wake.ts`) would be
 * lost without a word.
 */
export function afterCommit(db: Kysely<Schema>, hook: CommitHook): void {
  if (!db.isTransaction) {
    hook(db);
    return;
  }
  const scope = opened.get(db);
  if (scope === undefined) {
    throw new Error(
      'this transaction was not opened by inTransaction (kernel/db/transaction.ts): what must follow its commit cannot run',
    );
  }
  scope.hooks.push(hook);
}
