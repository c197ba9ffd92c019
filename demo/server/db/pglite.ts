import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Embedded PostgreSQL (PGlite, WASM). A data directory is created on first start (initdb, a
 * few seconds) and reopened in well under a second. An in-memory database starts from a copy
 * of a freshly initialised cluster, kept in the temp folder per PGlite version, so tests and
 * `startSandbox()` without a directory skip initdb after the first time.
 */
export async function openPGlite(dataDir: string | undefined): Promise<PGlite> {
  if (dataDir !== undefined && !dataDir.startsWith('memory://')) {
    await mkdir(dataDir, { recursive: true });
    return PGlite.create(dataDir, { relaxedDurability: false });
  }
  const template = await freshCluster();
  return PGlite.create({ loadDataDir: new Blob([template]) });
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
