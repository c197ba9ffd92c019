import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The public-API unit suite once more, against the minified ESM build: `src/checkout.test.ts`
 * imports the library and its CheckoutError through these two specifiers, which here resolve to
 * `dist/secure-checkout.mjs` (run after `npm run build`). And the build's declarations, as a
 * merchant's TypeScript reads them (`scripts/dist-types.test.ts`), and the server client as
 * built (`scripts/dist-server.test.ts`), and each other entry as built (`scripts/dist-<entry>.test.ts`).
 */
const dist = fileURLToPath(new URL('./dist/secure-checkout.mjs', import.meta.url));
const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  ...base,
  resolve: {
    alias: [{ find: /^\.\/index$/, replacement: dist }],
  },
  plugins: [
    {
      // CheckoutError as the files of src/ itself import it (src/errors.ts): the build's, so that
      // `instanceof` holds. Not src/server's nor the sandbox's own `./errors`.
      name: 'checkout-error-from-dist',
      enforce: 'pre',
      resolveId: (source: string, importer?: string) =>
        source === './errors' && importer !== undefined && dirname(importer) === src ? dist : null,
    },
  ],
  test: {
    ...base.test,
    include: ['src/checkout.test.ts', 'scripts/dist-*.test.ts'],
    exclude: configDefaults.exclude,
    reporters: ['default', ['json', { outputFile: 'reports/unit-dist.json' }]],
  },
});
