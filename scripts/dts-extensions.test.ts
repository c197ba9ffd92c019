// @vitest-environment node
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDeclarationExtensions, relativeSpecifiers } from './dts-extensions';

/** A declaration folder with these files; returns its path. */
async function declarations(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'dts-'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

describe('addDeclarationExtensions', () => {
  it('adds .js to files and /index.js to folders; a file wins over a folder of the same name', async () => {
    const dir = await declarations({
      'index.d.ts': [
        "export { createCheckout } from './checkout';",
        "export type * from './types';",
        "import type { Messages } from './ui/i18n';",
        "export type { Locale } from './locales';",
        "export type Step = import('./checkout').Step;",
      ].join('\n'),
      'checkout.d.ts': "import type { Card } from '../outside/not-rewritten.js';\n",
      'types.d.ts': "import '@preact/signals';\nimport { z } from 'zod/mini';\n",
      'ui/i18n.d.ts': "import type { Messages } from './i18n/en';\nimport type {} from '..';\n",
      'ui/i18n/en.d.ts': 'export type Messages = {};\n',
      'locales/index.d.ts': 'export type Locale = string;\n',
    });
    expect(await addDeclarationExtensions(dir)).toBe(2);
    expect(await readFile(join(dir, 'index.d.ts'), 'utf8')).toBe(
      [
        "export { createCheckout } from './checkout.js';",
        "export type * from './types.js';",
        "import type { Messages } from './ui/i18n.js';",
        "export type { Locale } from './locales/index.js';",
        "export type Step = import('./checkout.js').Step;",
      ].join('\n'),
    );
    expect(await readFile(join(dir, 'ui/i18n.d.ts'), 'utf8')).toBe(
      "import type { Messages } from './i18n/en.js';\nimport type {} from '../index.js';\n",
    );
    // Package imports and specifiers that already have an extension stay as they are.
    expect(await readFile(join(dir, 'types.d.ts'), 'utf8')).toBe(
      "import '@preact/signals';\nimport { z } from 'zod/mini';\n",
    );
    expect(await addDeclarationExtensions(dir)).toBe(0);
  });

  it('refuses a relative import that matches no declaration file, and names it', async () => {
    const dir = await declarations({ 'index.d.ts': "export * from './missing';\n" });
    await expect(addDeclarationExtensions(dir)).rejects.toThrow(
      '"./missing" matches no declaration file',
    );
  });
});

describe('relativeSpecifiers', () => {
  it('finds relative specifiers after from, import( and a bare import, and nothing else', () => {
    const source = [
      "import { a } from './a';",
      'export * from "../b";',
      "type C = import('./c').C;",
      "import './d';",
      "import 'e';",
      "export { f } from 'f/g';",
    ].join('\n');
    expect(relativeSpecifiers(source)).toEqual(['./a', '../b', './c', './d']);
  });
});
