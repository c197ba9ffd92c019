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
 * `vite build --mode server|react|vue|testing` → dist/<mode>.mjs, the package's other entries
 * (`secure-checkout/<mode>`, from src/<mode>/index.ts): the merchant's server client, the React
 * and Vue components, the Playwright helpers. In no browser build, not minified (their stack
 * traces are read; a merchant's bundler minifies what it ships). The core, the framework and
 * Playwright stay imports (one copy of each in a merchant's app).
 */
/** The package's separate entries and what each leaves to the merchant's own dependencies. */
export const EXTRA_ENTRIES = {
  server: [],
  react: [/^react(-dom)?(\/|$)/],
  vue: [/^vue(\/|$)/],
  testing: [/^@?playwright(\/|$)/],
} as const satisfies Record<string, readonly RegExp[]>;
type ExtraEntry = keyof typeof EXTRA_ENTRIES;
const isExtraEntry = (mode: string): mode is ExtraEntry => Object.hasOwn(EXTRA_ENTRIES, mode);

export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  const extra = isExtraEntry(mode) ? mode : undefined;
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
      emptyOutDir: !iife && !sibling && !extra,
      minify: !extra,
      sourcemap: true,
      rollupOptions: {
        ...(extra && { external: [/^secure-checkout(\/|$)/, ...EXTRA_ENTRIES[extra]] }),
        output: sibling
          ? { extend: true }
          : { chunkFileNames: 'secure-checkout-[name]-[hash].mjs' },
      },
      lib: extra
        ? { entry: `src/${extra}/index.ts`, formats: ['es'], fileName: () => `${extra}.mjs` }
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
