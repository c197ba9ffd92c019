/**
 * `tsx scripts/dts-extensions.ts dist/types`, run by `npm run build` after tsc: gives every
 * relative import of the emitted declarations its `.js` extension (`./checkout` →
 * `./checkout.js`, a folder → `./folder/index.js`). The sources import without extensions
 * (bundler resolution) and tsc copies specifiers as written, but Node's resolution
 * (`moduleResolution: node16 / nodenext`) accepts no extensionless relative import, so without
 * this a merchant's TypeScript under nodenext could not read the package's types.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A relative specifier after `from`, `import(` or a bare `import`, in either quote. */
const RELATIVE_SPECIFIER =
  /(\bfrom\s*|\bimport\s*\(\s*|^import\s+)(['"])(\.{1,2}(?:\/[^'"]*)?)\2/gm;

/** Specifiers Node resolves as they are. */
const HAS_EXTENSION = /\.(?:[cm]?js|json)$/;

/** Every `.d.ts` file under `dir`. */
export async function declarationFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** The relative specifiers of a declaration file's imports and exports, as written. */
export function relativeSpecifiers(source: string): string[] {
  return [...source.matchAll(RELATIVE_SPECIFIER)].map((match) => match[3] as string);
}

/** `./x.js` when `x.d.ts` exists beside `file`, `./x/index.js` when `x/index.d.ts` does (a file wins, as in the sources). */
function withExtension(file: string, specifier: string): string {
  if (HAS_EXTENSION.test(specifier)) return specifier;
  const target = resolve(dirname(file), specifier);
  if (existsSync(`${target}.d.ts`)) return `${specifier}.js`;
  if (existsSync(join(target, 'index.d.ts'))) return `${specifier.replace(/\/$/, '')}/index.js`;
  throw new Error(`${file}: "${specifier}" matches no declaration file`);
}

/** Rewrites the relative specifiers of every declaration file under `dir`; returns how many changed. */
export async function addDeclarationExtensions(dir: string): Promise<number> {
  let changed = 0;
  for (const file of await declarationFiles(dir)) {
    const source = await readFile(file, 'utf8');
    const rewritten = source.replace(
      RELATIVE_SPECIFIER,
      (_, before: string, quote: string, specifier: string) =>
        `${before}${quote}${withExtension(file, specifier)}${quote}`,
    );
    if (rewritten === source) continue;
    await writeFile(file, rewritten);
    changed++;
  }
  return changed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: tsx scripts/dts-extensions.ts <declaration dir>');
  const changed = await addDeclarationExtensions(dir);
  console.log(`dts-extensions: ${changed} declaration files in ${dir} given .js extensions`);
}
