import type { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, Migrator } from 'kysely';
import pg from 'pg';
import { MergedBeginDialect } from './merged-begin';
import { migrationProvider } from './migrations';
import { openPGlite } from './pglite';
import { prepareStatements } from './prepared-statements';
import type { Schema } from './schema';

/**
 * One database API for both engines: Kysely's PostgreSQL dialect over a `pg` pool. For
 * PostgreSQL the pool opens sockets; for embedded PGlite it uses PGlite's node-postgres
 * connection (one at a time, so a transaction holds it until it ends). Same SQL, same type
 * parsing, same migrations.
 */
export type DatabaseConfig =
  /** Embedded; `dataDir` undefined or `memory://…` keeps it in memory; `from`: see openPGlite. */
  { kind: 'pglite'; dataDir?: string; from?: Blob } | { kind: 'postgres'; url: string };

export interface Database {
  readonly db: Kysely<Schema>;
  readonly config: DatabaseConfig;
  /** For logs: "embedded (…)" or "PostgreSQL (host/db)", never a password. */
  readonly description: string;
  close(): Promise<void>;
}

/** bigint (int8) as a JS number: our bigints are cents and counts, far below 2^53. */
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? Number
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export const describeUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    return `PostgreSQL (${parsed.host}${parsed.pathname})`;
  } catch {
    return 'PostgreSQL';
  }
};

/**
 * Opens the database and runs pending migrations, then `prepare` (the service seeds an empty
 * one: `openSandboxDatabase` in demo/service/seed.ts; the kernel knows no family's rows).
 */
export async function openDatabase(
  config: DatabaseConfig,
  log: (line: string) => void = () => {},
  prepare: (db: Kysely<Schema>) => Promise<void> = async () => {},
): Promise<Database> {
  let pglite: PGlite | undefined;
  let pool: pg.Pool;
  if (config.kind === 'postgres') {
    pool = new pg.Pool({ connectionString: config.url, max: 10, types });
  } else {
    pglite = await openPGlite(config.dataDir, config.from);
    pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, types });
  }
  prepareStatements(pool);
  // An idle client's error (server restart) must not crash the process; the next query reports.
  pool.on('error', (error) => log(`database: ${error.message}`));
  const db = new Kysely<Schema>({ dialect: new MergedBeginDialect({ pool }) });
  const close = async () => {
    await db.destroy();
    await pglite?.close();
  };
  try {
    await migrate(db);
    await prepare(db);
  } catch (error) {
    await close();
    throw error;
  }
  const description =
    config.kind === 'postgres'
      ? describeUrl(config.url)
      : `embedded PGlite (${config.dataDir ?? 'in memory'})`;
  return { db, config, description, close };
}

export async function migrate(db: Kysely<Schema>): Promise<void> {
  const { error, results } = await new Migrator({
    db,
    provider: migrationProvider,
  }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${why}`);
  }
}
