import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Embedded PostgreSQL (PGlite, WASM). A new database (a data directory on first start, or one in
 * memory) starts as a copy of a freshly initialised cluster, made once per PGlite version and
 * kept in the temp folder: initdb takes seconds, the copy a fraction. An existing directory is
 * simply reopened. `from`, a `dumpDataDir` of another database, replaces the fresh cluster (the
 * tests' migrated, seeded template: demo/testing/database.ts).
 */
export async function openPGlite(dataDir: string | undefined, from?: Blob): Promise<PGlite> {
  const template = async () => from ?? new Blob([await freshCluster()]);
  if (dataDir !== undefined && !dataDir.startsWith('memory://')) {
    await mkdir(dataDir, { recursive: true });
    // A new directory starts as a copy of the template too (initdb on disk is the slow part).
    const isNew = !existsSync(join(dataDir, 'PG_VERSION'));
    return PGlite.create(dataDir, isNew ? { loadDataDir: await template() } : {});
  }
  return PGlite.create({ loadDataDir: await template() });
}

/** The installed PGlite's version: a template from another version is not reused. */
async function version(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = JSON.parse(await readFile(join(dirname(entry), '..', 'package.json'), 'utf8'));
  return String(pkg.version);
}

let cached: Promise<Uint8Array<ArrayBuffer>> | undefined;

function freshCluster(): Promise<Uint8Array<ArrayBuffer>> {
  cached ??= loadOrBuild().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function loadOrBuild(): Promise<Uint8Array<ArrayBuffer>> {
  const file = join(tmpdir(), `secure-checkout-pglite-${await version()}.tar`);
  try {
    return new Uint8Array(await readFile(file));
  } catch {
    const pglite = await PGlite.create();
    const dump = new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
    await pglite.close();
    // Written aside then renamed: a parallel test worker never reads half a file.
    const partial = `${file}.${process.pid}.${Date.now()}`;
    await writeFile(partial, dump);
    await rename(partial, file);
    return dump;
  }
}
