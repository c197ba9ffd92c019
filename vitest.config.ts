import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  // The framework entries import the core by its package name (src/react, src/vue).
  resolve: {
    alias: [{ find: /^secure-checkout$/, replacement: `${import.meta.dirname}/src/index.ts` }],
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'demo/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Checks the build's output: run by vitest.dist.config.ts, after `npm run build`.
    exclude: [...configDefaults.exclude, 'scripts/dist-*.test.ts'],
    environment: 'happy-dom',
    // Only src/ needs it; a line of setup for the others.
    setupFiles: ['src/test-support/setup.ts'],
    // The sandbox's test files load one migrated, seeded PGlite instead of each making its own.
    globalSetup: ['demo/testing/pglite-template.ts'],
    restoreMocks: true,
    // A bound, not a timing claim: sandbox suites go through HTTP and a database, and a loaded
    // 2-core machine can take seconds where an idle one takes milliseconds.
    testTimeout: 20_000,
    // happy-dom loads no cross-origin iframe page and says so for each one; tests fake the frames.
    onConsoleLog: (log) => !log.includes('Iframe page loading is disabled'),
    reporters: ['default', ['json', { outputFile: 'reports/unit.json' }]],
  },
});
