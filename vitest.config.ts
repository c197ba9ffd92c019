import { defineConfig } from 'vitest/config';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'demo/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'happy-dom',
    restoreMocks: true,
    reporters: ['default', ['json', { outputFile: 'reports/unit.json' }]],
  },
});
