import { availableParallelism } from 'node:os';
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
    // One file per core, not Vitest's default of one fewer: most of a file's time is spent
    // waiting on its service, ffmpeg or browser, and on two cores the default runs one file at a
    // time (the whole suite: 2,196 s that way, 1,475 s with two, every file passing).
    maxWorkers: availableParallelism(),
    // Built first (the processes tests start run the build), then the run's temp folder, then,
    // inside it, the run's cache folder and its one Apertium server.
    globalSetup: ['./vitest.build.ts', './vitest.temp-guard.ts', './vitest.cache-folder.ts', './vitest.apertium.ts'],
    // The usual report, then the time each file took (slowest first).
    reporters: ['default', './vitest.file-times.ts'],
  },
});
