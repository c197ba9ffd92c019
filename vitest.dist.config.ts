import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The public-API unit suite once more, against the minified ESM build: `src/checkout.test.ts`
 * imports the library and its CheckoutError through these two specifiers, which here resolve to
 * `dist/secure-checkout.mjs` (run after `npm run build`). And the build's declarations, as a
 * merchant's TypeScript reads them (`scripts/dist-types.test.ts`), and the server client as
 * built (`scripts/dist-server.test.ts`).
 */
const dist = fileURLToPath(new URL('./dist/secure-checkout.mjs', import.meta.url));

export default defineConfig({
  ...base,
  resolve: {
    alias: [
      { find: /^\.\/index$/, replacement: dist },
      { find: /^\.\/api\/errors$/, replacement: dist },
    ],
  },
  test: {
    ...base.test,
    include: ['src/checkout.test.ts', 'scripts/dist-types.test.ts', 'scripts/dist-server.test.ts'],
    exclude: configDefaults.exclude,
    reporters: ['default', ['json', { outputFile: 'reports/unit-dist.json' }]],
  },
});
