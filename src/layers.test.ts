// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, ROOT, sourceFiles } from '../scripts/import-graph';

/**
 * Who may import whom in src/ (tests and test-support aside), on the same reading of imports as
 * scripts/import-cycles.test.ts: type-only and dynamic imports count.
 */
const GRAPH = importGraph(
  sourceFiles(['src']).filter(
    (file) => !/\.test\.tsx?$/.test(file) && !file.startsWith('src/test-support/'),
  ),
);

/** Each "file → import" edge from a file `from` matches to an import `to` matches. */
const edges = (from: RegExp, to: RegExp) =>
  [...GRAPH].flatMap(([file, targets]) =>
    from.test(file) ? targets.filter((t) => to.test(t)).map((t) => `${file} → ${t}`) : [],
  );

/**
 * The ground floor: what every part of the widget builds on (the error, the checks, the public
 * types, the locales, the limits). It imports only itself, so any part may import it and none of
 * it reaches back up.
 */
const GROUND = /^src\/(checks|constants|errors|locale|types)\.ts$/;

describe('layers', () => {
  it('the ground floor imports nothing but the ground floor', () => {
    expect([...GRAPH.keys()].filter((file) => GROUND.test(file))).toHaveLength(5);
    expect(
      edges(GROUND, /./).filter((edge) => !GROUND.test(edge.split(' → ')[1] as string)),
    ).toEqual([]);
  });

  it('CheckoutError and the locale list are defined on the ground floor only', () => {
    const defining = (pattern: RegExp) =>
      [...GRAPH.keys()].filter((file) => pattern.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(defining(/class CheckoutError\b/)).toEqual(['src/errors.ts']);
    expect(defining(/\['en', 'pt-BR', 'es'\]/)).toEqual(['src/locale.ts']);
  });

  it('the engine and the wallet never import from ui/', () => {
    // The entries (src/index.ts, src/global.ts) register the UI; nothing else below it reaches up.
    expect(
      edges(/^src\/(?!index\.ts|global\.ts)[^/]+$|^src\/(api|threeds|wallet)\//, /^src\/ui\//),
    ).toEqual([]);
  });

  it('the form and the PIX step take nothing from threeds/ (the locales are on the ground floor)', () => {
    expect(edges(/^src\/(ui|pix)\//, /^src\/threeds\//)).toEqual([]);
  });

  it('the React, Vue and testing entries reach the core only by its name, React and Vue their shared src/framework/ too; the core never them', () => {
    // `secure-checkout` by name stays an import in their builds: one copy of the core per app.
    const ENTRIES = /^src\/(react|vue|testing|framework)\//;
    const outOfFolder = (edge: string) => {
      const [from = '', to = ''] = edge.split(' → ');
      return from.split('/')[1] !== to.split('/')[1];
    };
    // What keeps a mounted form in step with a component's props, written once for both.
    const SHARED = /^src\/(react|vue)\/.* → src\/framework\//;
    const outward = edges(ENTRIES, /^src\//).filter(outOfFolder);
    expect(outward.filter((edge) => !SHARED.test(edge))).toEqual([]);
    expect(new Set(outward.map((edge) => edge.split('/')[1]))).toEqual(new Set(['react', 'vue']));
    expect(edges(/^src\/(?!react\/|vue\/|testing\/|framework\/)/, ENTRIES)).toEqual([]);
  });
});
