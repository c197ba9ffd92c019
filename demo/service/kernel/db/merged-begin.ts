import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Schema } from './schema';

type Compile = QueryCompiler['compileQuery'];

/**
 * Each round trip to the database costs the sandbox a socket write and a read (most of a
 * charge's CPU). A transaction's `begin` is therefore not sent on its own: it goes with the
 * transaction's first statement, in one message when that statement is a `lockStatement`, else
 * just before it. A transaction that runs no statement sends nothing.
 */
const mergeable = new WeakSet<CompiledQuery>();

/**
 * A 53-bit hash of `key` (cyrb53): two keys that collide only share a lock, so a fast
 * non-cryptographic hash does (a digest object per charge cost more).
 */
function hash53(key: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/**
 * `select pg_advisory_xact_lock(…)` on a hash of `key`, without parameters (so that it can share
 * the `begin`'s message). The lock lasts until the transaction ends.
 */
export function lockStatement(key: string): CompiledQuery {
  const hash = hash53(key);
  const query = CompiledQuery.raw(`select pg_advisory_xact_lock(${hash})`);
  mergeable.add(query);
  return query;
}

/** Takes the `lockStatement` lock in `db`'s transaction. */
export async function lock(db: Kysely<Schema>, key: string): Promise<void> {
  await db.executeQuery(lockStatement(key));
}

class MergedBeginConnection implements DatabaseConnection {
  /** `begin` is owed: sent with the next statement. */
  beginOwed = false;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.beginOwed) {
      this.beginOwed = false;
      if (mergeable.has(query)) {
        // One simple-protocol message, two statements: the lock's (empty) rows are not needed.
        await this.inner.executeQuery(CompiledQuery.raw(`begin; ${query.sql}`));
        return { rows: [] };
      }
      await this.inner.executeQuery(CompiledQuery.raw('begin'));
    }
    return this.inner.executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number) {
    if (this.beginOwed) {
      this.beginOwed = false;
      await this.inner.executeQuery(CompiledQuery.raw('begin'));
    }
    yield* this.inner.streamQuery<R>(query, chunkSize);
  }
}

const unsupported = () => Promise.reject(new Error('savepoints are not supported'));

class MergedBeginDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, MergedBeginConnection>();

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.inner.acquireConnection();
    let connection = this.wrapped.get(inner);
    if (connection === undefined) {
      connection = new MergedBeginConnection(inner);
      this.wrapped.set(inner, connection);
    }
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const merged = connection as MergedBeginConnection;
    if (settings.isolationLevel !== undefined || settings.accessMode !== undefined) {
      return this.inner.beginTransaction(merged.inner, settings);
    }
    merged.beginOwed = true;
  }

  async commitTransaction(connection: DatabaseConnection) {
    const merged = connection as MergedBeginConnection;
    if (merged.beginOwed) {
      merged.beginOwed = false;
      return;
    }
    return this.inner.commitTransaction(merged.inner);
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    const merged = connection as MergedBeginConnection;
    if (merged.beginOwed) {
      merged.beginOwed = false;
      return;
    }
    return this.inner.rollbackTransaction(merged.inner);
  }

  // Savepoints run through the wrapper, which sends an owed `begin` first.
  savepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    return this.inner.savepoint?.(connection, name, compile) ?? unsupported();
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    return this.inner.rollbackToSavepoint?.(connection, name, compile) ?? unsupported();
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile) {
    return this.inner.releaseSavepoint?.(connection, name, compile) ?? unsupported();
  }

  async releaseConnection(connection: DatabaseConnection) {
    const merged = connection as MergedBeginConnection;
    merged.beginOwed = false;
    return this.inner.releaseConnection(merged.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Kysely's PostgreSQL dialect, its transactions' `begin` sent with their first statement. */
export class MergedBeginDialect implements Dialect {
  private readonly postgres: PostgresDialect;

  constructor(config: PostgresDialectConfig) {
    this.postgres = new PostgresDialect(config);
  }

  createDriver(): Driver {
    return new MergedBeginDriver(this.postgres.createDriver());
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createAdapter() {
    return new PostgresAdapter();
  }

  createIntrospector(db: Kysely<never>) {
    return new PostgresIntrospector(db);
  }
}
