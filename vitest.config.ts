import { defineConfig } from 'vitest/config';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'demo/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'happy-dom',
    restoreMocks: true,
    // happy-dom loads no cross-origin iframe page and says so for each one; tests fake the frames.
    onConsoleLog: (log) => !log.includes('Iframe page loading is disabled'),
    reporters: ['default', ['json', { outputFile: 'reports/unit.json' }]],
  },
});
