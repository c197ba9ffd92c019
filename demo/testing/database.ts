import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { Database, DatabaseConfig } from '../service/kernel/db/database';
import type { Schema } from '../service/kernel/db/schema';
import { openSandboxDatabase } from '../service/seed';
import { TEMPLATE_DIR_ENV } from './pglite-template';

/**
 * Databases for tests: embedded PGlite by default; with `TEST_DATABASE_URL` (a PostgreSQL
 * server, e.g. the throwaway cluster of `npm run test:postgres`), a new database on that server
 * per test file, dropped at the end, so test files running in parallel never share rows.
 */
export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

export const testEngine = (): 'postgres' | 'pglite' =>
  testDatabaseUrl() === undefined ? 'pglite' : 'postgres';

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A database that can be opened, closed and opened again (restart tests); `drop` removes it. */
export interface ScratchDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const url = testDatabaseUrl();
  if (url === undefined) {
    const dataDir = await mkdtemp(join(tmpdir(), 'sandbox-pglite-'));
    return {
      config: { kind: 'pglite', dataDir },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `sandbox_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(url, (client) => client.query(`create database ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: target.href },
    drop: async () => {
      await withAdmin(url, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

/**
 * This run's migrated, seeded PGlite as a `dumpDataDir`, or undefined outside a run that made its
 * folder (demo/testing/pglite-template.ts). Loading it takes ~0.4 s where migrating and seeding a
 * fresh one takes ~1.1 s, in each test file's new process. The first file to need it builds it
 * (on disk, to dump it); parallel workers may both build, and the rename keeps one whole file.
 */
async function seededTemplate(): Promise<Blob | undefined> {
  const dir = process.env[TEMPLATE_DIR_ENV];
  if (dir === undefined) return undefined;
  const file = join(dir, 'seeded.tar');
  try {
    return new Blob([await readFile(file)]);
  } catch {}
  const dataDir = await mkdtemp(join(dir, 'build-'));
  try {
    await (await openSandboxDatabase({ kind: 'pglite', dataDir })).close();
    const pglite = await PGlite.create(dataDir);
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A migrated, seeded database for one test file; `close` also removes a scratch database. */
export async function openTestDatabase(): Promise<Database> {
  if (testDatabaseUrl() === undefined) {
    const from = await seededTemplate();
    return openSandboxDatabase({ kind: 'pglite', ...(from && { from }) });
  }
  const scratch = await createScratchDatabase();
  const database = await openSandboxDatabase(scratch.config);
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/** How many rows `table` holds (tests that a refused request created nothing). */
export async function countRows(db: Kysely<Schema>, table: keyof Schema): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
