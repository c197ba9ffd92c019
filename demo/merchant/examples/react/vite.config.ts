import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The package as a merchant's app installed it: the built files, not src/. */
const dist = (file: string) => fileURLToPath(new URL(`../../../../dist/${file}`, import.meta.url));

/**
 * The React example as a merchant's Vite app builds it (build.ts runs it twice: the browser's
 * files, then the server's render): React's JSX, and `secure-checkout` and
 * `secure-checkout/react` resolved to the package's built entries (`npm run build` first).
 */
export default defineConfig({
  // React's development build: StrictMode's second mount and hydration's warnings exist only
  // there, and the e2e stories (e2e/react-example.spec.ts) show the form survives both.
  mode: 'development',
  define: { 'process.env.NODE_ENV': JSON.stringify('development') },
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/examples/react/',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  resolve: {
    alias: [
      { find: /^secure-checkout\/react$/, replacement: dist('react.mjs') },
      { find: /^secure-checkout$/, replacement: dist('secure-checkout.mjs') },
    ],
  },
  build: { outDir: 'build', emptyOutDir: true },
});
