import { existsSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { sriOf, writeSri } from './scripts/sri.ts';
import { PIX_SIBLING_FILE, PIX_SIBLING_KEY } from './src/pix/sibling-file.ts';

/**
 * `vite build` → dist/secure-checkout.mjs (ESM, for bundlers; the PIX step a chunk of it);
 * `vite build --mode pix` → dist/secure-checkout-pix.js, the PIX step for the script tag: it
 * assigns its exports to `SecureCheckout._pix` (src/pix/sibling-loader.ts loads it);
 * `vite build --mode iife` (after `pix`) → dist/secure-checkout.js (script tag, global
 * `SecureCheckout`), with the sibling's sha384 pinned into it (`__PIX_SRI__`), and
 * dist/secure-checkout.js.sri, its own sha384 for the tag's `integrity` attribute.
 */
export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  const pix = mode === 'pix';
  const sibling = `dist/${PIX_SIBLING_FILE}`;
  if (iife && !existsSync(sibling)) throw new Error(`${sibling} first: vite build --mode pix`);
  return {
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    plugins: iife ? [writeSri(['secure-checkout.js'])] : [],
    define: iife ? { __PIX_SRI__: JSON.stringify(sriOf(readFileSync(sibling))) } : {},
    build: {
      target: 'es2022',
      emptyOutDir: !iife && !pix,
      minify: true,
      sourcemap: true,
      rollupOptions: {
        output: pix ? { extend: true } : { chunkFileNames: 'secure-checkout-[name]-[hash].mjs' },
      },
      lib: iife
        ? {
            entry: 'src/global.ts',
            formats: ['iife'],
            name: 'SecureCheckout',
            fileName: () => 'secure-checkout.js',
          }
        : pix
          ? {
              entry: 'src/pix/pix-step.tsx',
              formats: ['iife'],
              name: `SecureCheckout.${PIX_SIBLING_KEY}`,
              fileName: () => PIX_SIBLING_FILE,
            }
          : { entry: 'src/index.ts', formats: ['es'], fileName: () => 'secure-checkout.mjs' },
    },
  };
});
