// @vitest-environment node
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testEngine } from '../testing/database';
import { seedMerchantRows } from './accounts/seed';
import type { Database } from './kernel/db/database';
import { lock } from './kernel/db/merged-begin';
import type { Schema } from './kernel/db/schema';

let database: Database;
// Opening and seeding a database takes seconds on a busy machine.
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});

const rolledBack = new Error('roll back');

async function insertThenFail(first: (trx: Kysely<Schema>) => Promise<unknown>, name: string) {
  const attempt = database.db.transaction().execute(async (trx) => {
    await first(trx);
    await trx.insertInto('sandbox_settings').values({ name, value: 'x' }).execute();
    throw rolledBack;
  });
  await expect(attempt).rejects.toBe(rolledBack);
  return database.db
    .selectFrom('sandbox_settings')
    .select('name')
    .where('name', '=', name)
    .execute();
}

const advisoryLocks = async (db: Kysely<Schema>) => {
  const { rows } = await sql<{ held: number }>`
    select count(*)::int as held from pg_locks
    where locktype = 'advisory' and pid = pg_backend_pid()`.execute(db);
  return rows[0]?.held;
};

describe(`transactions whose begin goes with their first statement (${testEngine()})`, () => {
  it('a transaction opened by a lock rolls back as a whole', async () => {
    expect(await insertThenFail((trx) => lock(trx, 'test lock'), 'merged-begin-lock')).toEqual([]);
  });

  it('a transaction opened by any other statement rolls back as a whole', async () => {
    const first = (trx: Kysely<Schema>) => trx.selectFrom('merchants').select('id').execute();
    expect(await insertThenFail(first, 'merged-begin-select')).toEqual([]);
  });

  it('the lock is held until the transaction ends', async () => {
    const held = await database.db.transaction().execute(async (trx) => {
      await lock(trx, 'test lock');
      return advisoryLocks(trx);
    });
    expect(held).toBe(1);
    await database.db.connection().execute(async (db) => {
      expect(await advisoryLocks(db)).toBe(0);
    });
  });

  it('a transaction that runs no statement commits and answers its value', async () => {
    expect(await database.db.transaction().execute(async () => 'done')).toBe('done');
    const merchants = await database.db.selectFrom('merchants').select('id').execute();
    expect(merchants).toHaveLength(seedMerchantRows().length);
  });
});
