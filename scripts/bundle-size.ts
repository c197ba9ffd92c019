import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** DESIGN.md's ceilings, in bytes of gzip -9 over an esbuild bundle, minified. */
export const CEILINGS = { headless: 12 * 1024, dropIn: 28 * 1024 } as const;

/** What a merchant ships who imports only `createCheckout` and calls `authenticate()`. */
export const HEADLESS_ENTRY = `import { createCheckout } from './src/index.ts';
createCheckout({ publishableKey: 'pk', baseUrl: 'https://x' }).authenticate(globalThis.request);`;

/** Bundles `contents` (resolved from the repository root) the way peers are measured. */
export async function measure(
  contents: string,
  root = process.cwd(),
): Promise<{ gzip: number; inputs: string[] }> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote nothing');
  return {
    gzip: gzipSync(output.contents, { level: 9 }).length,
    inputs: Object.keys(result.metafile.inputs),
  };
}
