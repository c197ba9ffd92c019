// @vitest-environment node
/**
 * The package's declarations as built (`npm run build`; run by vitest.dist.config.ts): every
 * relative import names a `.js` file whose declaration exists, as `moduleResolution: nodenext`
 * requires of a merchant's TypeScript.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declarationFiles, relativeSpecifiers } from './dts-extensions';

const TYPES = join(import.meta.dirname, '..', 'dist', 'types');

describe('dist/types', () => {
  it('exists, with the entry the package.json names', () => {
    expect(existsSync(join(TYPES, 'index.d.ts'))).toBe(true);
  });

  it('imports relative files only with their .js extension, each with a declaration', async () => {
    const wrong: string[] = [];
    for (const file of await declarationFiles(TYPES)) {
      for (const specifier of relativeSpecifiers(await readFile(file, 'utf8'))) {
        const declaration = resolve(dirname(file), specifier).replace(/\.js$/, '.d.ts');
        if (!specifier.endsWith('.js') || !existsSync(declaration))
          wrong.push(`${relative(TYPES, file)}: ${specifier}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('import packages only from the runtime dependencies (zod, a dev tool, never), the optional peers and the core by its name', async () => {
    // The framework and testing entries' declarations name their peer (react, vue,
    // @playwright/test) and the core as `secure-checkout`, as a merchant's app resolves them.
    const {
      name: self,
      dependencies,
      peerDependencies,
    } = JSON.parse(await readFile(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    const outside: string[] = [];
    for (const file of await declarationFiles(TYPES)) {
      const source = await readFile(file, 'utf8');
      for (const [, specifier = ''] of source.matchAll(/(?:from |import\()'([^.'][^']*)'/g)) {
        const name = specifier
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/');
        if (
          name !== self &&
          !Object.hasOwn(dependencies, name) &&
          !Object.hasOwn(peerDependencies, name)
        )
          outside.push(`${relative(TYPES, file)}: ${name}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
