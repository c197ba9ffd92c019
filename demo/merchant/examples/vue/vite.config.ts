import { fileURLToPath } from 'node:url';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

/** The package as built (`npm run build`), as a merchant's app that installed it gets it. */
const dist = (file: string) => fileURLToPath(new URL(`../../../../dist/${file}`, import.meta.url));

/**
 * The Vue example, built as a merchant's own Vite app: plugin-vue for its single-file components,
 * `secure-checkout` and `secure-checkout/vue` resolved to the package's built files (no source
 * of the widget). Served by the demo at /examples/vue/ (demo/merchant/app.ts); build.ts builds it.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/examples/vue/',
  plugins: [vue()],
  resolve: {
    alias: [
      { find: /^secure-checkout$/, replacement: dist('secure-checkout.mjs') },
      { find: /^secure-checkout\/vue$/, replacement: dist('vue.mjs') },
    ],
  },
  build: { target: 'es2022' },
  logLevel: 'warn',
});
