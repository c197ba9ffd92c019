import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

/**
 * The size ceilings (docs/performance.md), in bytes of gzip -9 over an esbuild bundle, minified.
 * The drop-in's: 26,195 B with customer fields, installments, the PIX choice, the inline
 * challenge's checks, and the loader of the files beside it (the challenge dialog and the PIX
 * step), rounded up to the next 256 B (26,272 B since update()'s amount rule). `inlineChallenge`: the most the inline challenge's
 * up-front checks (src/challenge-container.ts) may add to the drop-in.
 */
export const CEILINGS = { headless: 10 * 1024, dropIn: 103 * 256, inlineChallenge: 300 } as const;

/** What a merchant ships who imports only `createCheckout` and calls `authenticate()`. */
export const HEADLESS_ENTRY = `import { createCheckout } from './src/index.ts';
createCheckout({ publishableKey: 'pk', baseUrl: 'https://x' }).authenticate(globalThis.request);`;

/** The script-tag build: everything, the UI included, one file. */
export const DROP_IN_ENTRY = `export * from './src/global.ts';`;

/** Stand-ins for the files' hashes the script-tag build pins (vite.config.ts). */
const pinnedStandIn = (name: string) =>
  `sha384-${createHash('sha384').update(name).digest('base64')}`;

/** Raw, gzip -9 and brotli (quality 11) sizes of some bytes. */
export interface Sizes {
  bytes: number;
  gzip: number;
  brotli: number;
}

export function sizesOf(contents: Uint8Array): Sizes {
  return {
    bytes: contents.length,
    gzip: gzipSync(contents, { level: 9 }).length,
    brotli: brotliCompressSync(contents, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: contents.length,
      },
    }).length,
  };
}

export interface Measure extends Sizes {
  /** gzip -9 of the bundle: what loads up front. */
  gzip: number;
  /** Source files in it. */
  inputs: string[];
  /** Modules reached only through `import()`: left out, as they load on demand (the UI behind mount()). */
  lazy: string[];
  /** Static imports left external (e.g. a peer's `*.css` with `options.external`). */
  external: string[];
}

export interface MeasureOptions {
  /** Paths esbuild leaves out, e.g. `*.css` when measuring a peer's JavaScript alone. */
  external?: string[];
  /** More esbuild plugins, run before the one that leaves lazy modules out. */
  plugins?: Plugin[];
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
export async function measure(
  contents: string,
  root = process.cwd(),
  options: MeasureOptions = {},
): Promise<Measure> {
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
    plugins: [...(options.plugins ?? []), leaveOutLazy(lazy)],
    // The hashes of the files beside the script tag's (src/sibling-files.ts): 64 base64
    // characters each that gzip cannot shrink, counted like the real ones.
    define: {
      __SIBLING_SRI__: JSON.stringify({
        challenge: pinnedStandIn('challenge'),
        pix: pinnedStandIn('pix'),
      }),
    },
    external: options.external ?? [],
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote nothing');
  return {
    ...sizesOf(output.contents),
    inputs: Object.keys(result.metafile.inputs),
    lazy,
    external: Object.values(result.metafile.inputs).flatMap((input) =>
      input.imports.filter((i) => i.external && i.kind !== 'dynamic-import').map((i) => i.path),
    ),
  };
}
