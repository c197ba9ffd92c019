import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { DROP_IN_ENTRY, HEADLESS_ENTRY, measure, type Sizes, sizesOf } from '../bundle-size';

export interface OurSize extends Sizes {
  id: 'script' | 'esm' | 'esm-static' | 'drop-in' | 'headless';
  label: string;
  /** What it is made of, in a few words. */
  note: string;
}

export interface OurSizes {
  rows: OurSize[];
  /** Chunks `dist/secure-checkout.mjs` imports statically (loaded with it) and dynamically (on demand). */
  esmChunks: { static: string[]; dynamic: string[] };
}

interface ChunkImports {
  static: string[];
  dynamic: string[];
}

/** Reads a built ES module's own relative imports (esbuild's parser; nothing is bundled). */
async function importsOf(file: string): Promise<ChunkImports> {
  const found: ChunkImports = { static: [], dynamic: [] };
  const record: Plugin = {
    name: 'record-imports',
    setup(plugin) {
      plugin.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (args.path.startsWith('.')) {
          const target = join(dirname(file), args.path);
          (args.kind === 'dynamic-import' ? found.dynamic : found.static).push(target);
        }
        return { path: args.path, external: true };
      });
    },
  };
  await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'silent',
    plugins: [record],
  });
  return found;
}

/** Every chunk the entry loads up front (static imports, transitively) and those behind import(). */
export async function esmChunks(entry: string): Promise<ChunkImports> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  const dynamic = new Set<string>();
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const found = await importsOf(file);
    for (const target of found.dynamic) dynamic.add(target);
    for (const target of found.static) {
      if (seen.has(target)) continue;
      seen.add(target);
      queue.push(target);
    }
  }
  seen.delete(entry);
  for (const target of seen) dynamic.delete(target);
  return { static: [...seen], dynamic: [...dynamic] };
}

/** Our figures: the two built files as shipped, and esbuild bundles measured the way peers are. */
export async function ourSizes(root: string): Promise<OurSizes> {
  const dist = join(root, 'dist');
  const script = join(dist, 'secure-checkout.js');
  const esm = join(dist, 'secure-checkout.mjs');
  const chunks = await esmChunks(esm);
  const name = (file: string) => relative(root, file);
  const rows: OurSize[] = [
    {
      id: 'script',
      label: 'dist/secure-checkout.js',
      note: 'script tag (IIFE): engine + form + Apple Pay, as shipped',
      ...sizesOf(readFileSync(script)),
    },
    {
      id: 'esm',
      label: 'dist/secure-checkout.mjs',
      note: `ESM entry file alone (imports ${chunks.static.map((f) => basename(f)).join(', ') || 'no chunk'})`,
      ...sizesOf(readFileSync(esm)),
    },
  ];
  if (chunks.static.length > 0) {
    rows.push({
      id: 'esm-static',
      label: 'dist/secure-checkout.mjs + static chunks',
      note: `what an import loads before mount(): ${[esm, ...chunks.static].map(name).join(' + ')}`,
      // Each file is fetched and compressed on its own: sum the per-file sizes.
      ...sumSizes([esm, ...chunks.static].map((f) => sizesOf(readFileSync(f)))),
    });
  }
  const dropIn = await measure(DROP_IN_ENTRY, root);
  rows.push({
    id: 'drop-in',
    label: 'drop-in (esbuild)',
    note: "src/global.ts bundled like the peers: everything, one file (the size test's figure)",
    ...pick(dropIn),
  });
  const headless = await measure(HEADLESS_ENTRY, root);
  rows.push({
    id: 'headless',
    label: 'headless (esbuild)',
    note: `createCheckout + authenticate, tree-shaken; lazy UI left out (${headless.lazy.join(', ')})`,
    ...pick(headless),
  });
  return {
    rows,
    esmChunks: { static: chunks.static.map(name), dynamic: chunks.dynamic.map(name) },
  };
}

export const pick = ({ bytes, gzip, brotli }: Sizes): Sizes => ({ bytes, gzip, brotli });

const sumSizes = (all: Sizes[]): Sizes =>
  all.reduce((a, b) => ({
    bytes: a.bytes + b.bytes,
    gzip: a.gzip + b.gzip,
    brotli: a.brotli + b.brotli,
  }));
