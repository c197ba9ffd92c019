/**
 * Vitest's globalSetup (vitest.config.ts): a folder for this run's migrated, seeded PGlite
 * (`seededTemplate` of demo/testing/database.ts builds it there once, the other test files load
 * it), removed at the end. Per run, not kept across runs: the seed and the migrations change.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TEMPLATE_DIR_ENV = 'SANDBOX_TEST_TEMPLATE_DIR';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'sandbox-template-'));
  // Set before the workers start, so each inherits it.
  process.env[TEMPLATE_DIR_ENV] = dir;
  return () => rm(dir, { recursive: true, force: true });
}
