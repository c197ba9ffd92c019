import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** A Subresource Integrity value (W3C SRI): the algorithm, a dash, the base64 digest. */
export function sriOf(contents: Uint8Array | string): string {
  return `sha384-${createHash('sha384').update(contents).digest('base64')}`;
}

/**
 * Writes `<file>.sri` beside each named output once it is on disk, so the hash covers the exact
 * bytes served (the sourceMappingURL comment included) — what a merchant pastes into `integrity`.
 */
export function writeSri(fileNames: readonly string[]): Plugin {
  return {
    name: 'secure-checkout:sri',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '.';
      for (const fileName of fileNames) {
        if (!(fileName in bundle)) continue;
        const path = join(dir, fileName);
        await writeFile(`${path}.sri`, `${sriOf(await readFile(path))}\n`);
      }
    },
  };
}
