import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:postgres`: the sandbox's tests on a real PostgreSQL (scripts/with-postgres.mjs
 * sets TEST_DATABASE_URL; each test file gets its own database on that server).
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // The sandbox's tests: the service, the bank's pages, the merchant's server and the launcher.
    include: ['demo/**/*.test.ts'],
    reporters: ['default', ['json', { outputFile: 'reports/unit-postgres.json' }]],
  },
});
