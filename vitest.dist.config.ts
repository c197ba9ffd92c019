import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * The public-API unit suite once more, against the minified ESM build: `src/checkout.test.ts`
 * imports the library and its CheckoutError through these two specifiers, which here resolve to
 * `dist/secure-checkout.mjs` (run after `npm run build`).
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
    include: ['src/checkout.test.ts'],
    reporters: ['default', ['json', { outputFile: 'reports/unit-dist.json' }]],
  },
});
