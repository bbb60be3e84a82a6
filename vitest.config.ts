import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.{ts,tsx}',
      'apps/web/e2e/**/*.test.ts',
      'tools/*/src/**/*.test.ts',
      'scripts/*.test.ts',
    ],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['./vitest.temp-guard.ts'],
    // The usual report, then the time each file took (slowest first).
    reporters: ['default', './vitest.file-times.ts'],
  },
});
