// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  importCycles,
  importGraph,
  resolveRelative,
  sourceFiles,
  specifiersOf,
} from './import-graph';

/**
 * No import cycle between the repository's own files, not even through a type-only import: a
 * cycle says a type or a function sits in the wrong file, and makes the files' load order matter.
 */
const FOLDERS = ['src', 'demo', 'scripts', 'e2e'];

it('src/, demo/, scripts/ and e2e/ have no import cycle, type-only imports included', () => {
  const files = sourceFiles(FOLDERS);
  expect(files).toContain('src/server/webhooks.ts');
  expect(files).toContain('demo/merchant/pages/widget.js');
  const cycles = importCycles(importGraph(files)).map((cycle) => cycle.join(' → '));
  expect(cycles).toEqual([]);
});

describe('the resolver', () => {
  it('reads every form of import, type-only and dynamic ones included', () => {
    const source = [
      "import type { A } from './a';",
      "import {\n  type B,\n  c,\n} from './b';",
      "export * from './c';",
      "export { type D } from './d';",
      "import './e';",
      "const f = () => import('./f');",
      "type G = import('./g').G;",
      "import X, * as Y from 'package';",
      "// a comment naming from './h' mid-line",
      "const text = 'import nothing from ./i';",
    ].join('\n');
    expect(specifiersOf(source)).toEqual([
      './a',
      './b',
      './c',
      './d',
      'package',
      './e',
      './f',
      './g',
    ]);
  });

  it('resolves as the bundler does: extension added, .js for .ts, a folder to its index', () => {
    expect(resolveRelative('src/index.ts', './checkout')).toBe('src/checkout.ts');
    expect(resolveRelative('src/ui/mount.tsx', './checkout-form')).toBe('src/ui/checkout-form.tsx');
    expect(resolveRelative('src/index.ts', './server')).toBe('src/server/index.ts');
    expect(resolveRelative('src/index.ts', './checkout.js')).toBe('src/checkout.ts');
    expect(resolveRelative('src/index.ts', 'preact')).toBeUndefined();
    expect(resolveRelative('src/index.ts', './nowhere')).toBeUndefined();
  });

  it('names each cycle once, by its path from its first file', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts', 'a.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
      ['e.ts', ['e.ts']],
    ]);
    expect(importCycles(graph)).toEqual([
      ['a.ts', 'b.ts', 'a.ts'],
      ['c.ts', 'a.ts', 'b.ts', 'c.ts'],
      ['e.ts', 'e.ts'],
    ]);
    expect(
      importCycles(
        new Map([
          ['a.ts', ['b.ts']],
          ['b.ts', []],
        ]),
      ),
    ).toEqual([]);
  });
});
