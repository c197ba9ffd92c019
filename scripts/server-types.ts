/**
 * Writes `src/server/api-types.ts` from the sandbox's OpenAPI document: starts a sandbox on
 * ephemeral ports with an in-memory database, reads its `GET /openapi.json`, converts it
 * (`scripts/server-types-generate.ts`). Run: `npx tsx scripts/server-types.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSandbox } from '../demo/sandbox';
import { generateServerTypes, type Schema } from './server-types-generate';

export const API_TYPES_FILE = join(import.meta.dirname, '..', 'src', 'server', 'api-types.ts');

/** The document exactly as the sandbox serves it to any client. */
export async function fetchOpenApi(apiUrl: string): Promise<Schema> {
  const response = await fetch(`${apiUrl}/openapi.json`);
  if (!response.ok) throw new Error(`GET /openapi.json answered ${response.status}`);
  return (await response.json()) as Schema;
}

async function main(): Promise<void> {
  // The default database is PGlite in memory: nothing on disk is touched.
  const sandbox = await startSandbox({ apiPort: 0, threeDsPort: 0, demoPort: 0 });
  try {
    writeFileSync(API_TYPES_FILE, generateServerTypes(await fetchOpenApi(sandbox.apiUrl)));
    console.log(`wrote ${API_TYPES_FILE}`);
  } finally {
    await sandbox.close();
  }
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
