// @vitest-environment node
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../testing/database';
import type { Database } from './database';
import { prepareStatements } from './prepared-statements';

type Query = (...args: unknown[]) => unknown;

/** A pool whose one client records what its `query` was given. */
function fakePool() {
  const calls: unknown[][] = [];
  let onConnect: ((client: { query: Query }) => void) | undefined;
  const pool = {
    on: (event: string, listener: (client: { query: Query }) => void) => {
      if (event === 'connect') onConnect = listener;
      return pool;
    },
  };
  const connect = () => {
    const client = { query: ((...args: unknown[]) => calls.push(args)) as Query };
    onConnect?.(client);
    return client;
  };
  return { pool: pool as unknown as pg.Pool, connect, calls };
}

describe('prepareStatements', () => {
  it('names a parameterised text, the same name for the same text in every connection', () => {
    const { pool, connect, calls } = fakePool();
    prepareStatements(pool);
    const a = connect();
    const b = connect();
    a.query('select $1', [1]);
    b.query('select $1', [2]);
    a.query('select $1, $2', [1, 2]);
    expect(calls).toEqual([
      [{ name: 's1', text: 'select $1', values: [1] }],
      [{ name: 's1', text: 'select $1', values: [2] }],
      [{ name: 's2', text: 'select $1, $2', values: [1, 2] }],
    ]);
  });

  it('leaves unnamed a text without parameters (it may hold several statements), a callback call and a config object', () => {
    const { pool, connect, calls } = fakePool();
    prepareStatements(pool);
    const client = connect();
    const callback = () => {};
    const config = { text: 'select 1' };
    client.query('begin; select pg_advisory_xact_lock(1)', []);
    client.query('select $1', [1], callback);
    client.query(config);
    expect(calls).toEqual([
      ['begin; select pg_advisory_xact_lock(1)', []],
      ['select $1', [1], callback],
      [config],
    ]);
  });

  it('stops naming past maxNames distinct texts, so a connection holds a bounded number', () => {
    const { pool, connect, calls } = fakePool();
    prepareStatements(pool, 2);
    const client = connect();
    for (const text of ['select $1', 'select $1 + 1', 'select $1 + 2', 'select $1']) {
      client.query(text, [1]);
    }
    expect(calls.map(([first]) => (typeof first === 'object' ? 'named' : first))).toEqual([
      'named',
      'named',
      'select $1 + 2',
      'named',
    ]);
  });
});

describe('prepared statements in the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it('are prepared once in the connection and answer as unnamed ones do', async () => {
    const prepared = await database.db.transaction().execute(async (trx) => {
      for (const n of [1, 2, 3]) {
        const { rows } = await sql<{ n: number }>`select ${n}::int + 1 as n`.execute(trx);
        expect(rows).toEqual([{ n: n + 1 }]);
      }
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements where statement like '%::int + 1 as n'
      `.execute(trx);
      return rows;
    });
    expect(prepared).toEqual([{ statement: 'select $1::int + 1 as n' }]);
  });
});
