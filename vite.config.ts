import { existsSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { sriOf, writeSri } from './scripts/sri.ts';
import { type SiblingName, siblingFile, siblingKey } from './src/sibling-files.ts';

/** The script-tag build's files beside the main one (src/sibling-files.ts), by their entries. */
export const SIBLING_ENTRIES: Record<SiblingName, string> = {
  challenge: 'src/threeds/challenge-dialog.ts',
  pix: 'src/pix/pix-step.tsx',
};
const SIBLINGS = Object.keys(SIBLING_ENTRIES) as SiblingName[];

/**
 * `vite build` → dist/secure-checkout.mjs (ESM, for bundlers; the challenge dialog and the PIX
 * step chunks of it);
 * `vite build --mode challenge` and `--mode pix` → dist/secure-checkout-challenge.js and
 * dist/secure-checkout-pix.js, those parts for the script tag: each assigns its exports to
 * `SecureCheckout._<mode>` (src/sibling-loader.ts loads it);
 * `vite build --mode iife` (after those) → dist/secure-checkout.js (script tag, global
 * `SecureCheckout`), with each sibling's sha384 pinned into it (`__SIBLING_SRI__`), and
 * dist/secure-checkout.js.sri, its own sha384 for the tag's `integrity` attribute;
 * `vite build --mode server` → dist/server.mjs, `secure-checkout/server` (src/server/index.ts):
 * the merchant's server client, in no browser build, not minified (its stack traces are read).
 */
export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  const server = mode === 'server';
  const sibling = SIBLINGS.find((name) => name === mode);
  const pinned: Partial<Record<SiblingName, string>> = {};
  for (const name of iife ? SIBLINGS : []) {
    const file = `dist/${siblingFile(name)}`;
    if (!existsSync(file)) throw new Error(`${file} first: vite build --mode ${name}`);
    pinned[name] = sriOf(readFileSync(file));
  }
  return {
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    plugins: iife ? [writeSri(['secure-checkout.js'])] : [],
    define: iife ? { __SIBLING_SRI__: JSON.stringify(pinned) } : {},
    build: {
      target: 'es2022',
      emptyOutDir: !iife && !sibling && !server,
      minify: !server,
      sourcemap: true,
      rollupOptions: {
        output: sibling
          ? { extend: true }
          : { chunkFileNames: 'secure-checkout-[name]-[hash].mjs' },
      },
      lib: server
        ? { entry: 'src/server/index.ts', formats: ['es'], fileName: () => 'server.mjs' }
        : iife
          ? {
              entry: 'src/global.ts',
              formats: ['iife'],
              name: 'SecureCheckout',
              fileName: () => 'secure-checkout.js',
            }
          : sibling
            ? {
                entry: SIBLING_ENTRIES[sibling],
                formats: ['iife'],
                name: `SecureCheckout.${siblingKey(sibling)}`,
                fileName: () => siblingFile(sibling),
              }
            : { entry: 'src/index.ts', formats: ['es'], fileName: () => 'secure-checkout.mjs' },
    },
  };
});
