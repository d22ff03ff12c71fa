import { defineConfig } from 'vitest/config';

// Two projects: `unit` (engine-free core and tools, in Node) and `browser` (the built game driven in the
// system Chromium through playwright-core). Each writes a JSON report that `.ci/run` sums into CI's closing line.
export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/report.json' },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', 'node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
