import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

/** DESIGN.md's ceilings, in bytes of gzip -9 over an esbuild bundle, minified. */
export const CEILINGS = { headless: 12 * 1024, dropIn: 28 * 1024 } as const;

/** What a merchant ships who imports only `createCheckout` and calls `authenticate()`. */
export const HEADLESS_ENTRY = `import { createCheckout } from './src/index.ts';
createCheckout({ publishableKey: 'pk', baseUrl: 'https://x' }).authenticate(globalThis.request);`;

/** The script-tag build: everything, the UI included, one file. */
export const DROP_IN_ENTRY = `export * from './src/global.ts';`;

export interface Measure {
  /** gzip -9 of the bundle: what loads up front. */
  gzip: number;
  /** Source files in it. */
  inputs: string[];
  /** Modules reached only through `import()`: left out, as they load on demand (the UI behind mount()). */
  lazy: string[];
}

/** Leaves every dynamically imported module out of the bundle, and notes it. */
const leaveOutLazy = (lazy: string[]): Plugin => ({
  name: 'leave-out-lazy',
  setup(plugin) {
    plugin.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      lazy.push(args.path);
      return { path: args.path, external: true };
    });
  },
});

/**
 * Bundles `contents` (resolved from the repository root) the way peers are measured: esbuild,
 * minified, one file, gzip -9. Code behind a dynamic import() is not in it: a merchant's bundler
 * makes that a chunk of its own, loaded only when used (Rollup and Vite keep the code such a
 * chunk shares with the entry in the entry, as here).
 */
export async function measure(contents: string, root = process.cwd()): Promise<Measure> {
  const lazy: string[] = [];
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [leaveOutLazy(lazy)],
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote nothing');
  return {
    gzip: gzipSync(output.contents, { level: 9 }).length,
    inputs: Object.keys(result.metafile.inputs),
    lazy,
  };
}
