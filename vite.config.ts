import { defineConfig } from 'vite';
import { writeSri } from './scripts/sri.ts';

/**
 * `vite build` → dist/secure-checkout.mjs (ESM, for bundlers);
 * `vite build --mode iife` → dist/secure-checkout.js (script tag, global `SecureCheckout`) and
 * dist/secure-checkout.js.sri, its sha384 for the tag's `integrity` attribute.
 */
export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  return {
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    plugins: iife ? [writeSri(['secure-checkout.js'])] : [],
    build: {
      target: 'es2022',
      emptyOutDir: !iife,
      minify: true,
      sourcemap: true,
      rollupOptions: { output: { chunkFileNames: 'secure-checkout-[name]-[hash].mjs' } },
      lib: iife
        ? {
            entry: 'src/global.ts',
            formats: ['iife'],
            name: 'SecureCheckout',
            fileName: () => 'secure-checkout.js',
          }
        : { entry: 'src/index.ts', formats: ['es'], fileName: () => 'secure-checkout.mjs' },
    },
  };
});
