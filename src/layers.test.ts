// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

/** The entries (src/index.ts, src/global.ts) register the UI; nothing else below src/ui may reach up into it. */
const ENTRIES = new Set(['index.ts', 'global.ts']);

it('the engine and the wallet never import from ui/', () => {
  const files = ['', 'api', 'threeds', 'wallet'].flatMap((dir) =>
    readdirSync(join('src', dir))
      .filter((name) => /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !ENTRIES.has(name))
      .map((name) => join('src', dir, name)),
  );
  expect(files).toContain('src/wallet/apple-pay.ts');
  const upward = files.filter((file) =>
    /from '\.\.?\/(\.\.\/)?ui\//.test(readFileSync(file, 'utf8')),
  );
  expect(upward).toEqual([]);
});
