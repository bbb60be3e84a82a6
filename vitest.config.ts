import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** What both kinds of test file share: the packages' sources, not their builds. */
const SOURCES = {
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
};
const TIMEOUTS = { testTimeout: 120_000, hookTimeout: 120_000 };

/**
 * The packages' own tests (and the scripts'): they call the code in the test process, so the
 * files of one worker share its loaded modules instead of each importing the whole tree again
 * (about 1 s a file). Their helpers keep nothing from one file for the next but what is the same
 * for all (see vitest.units-setup.ts).
 */
const UNITS = ['packages/*/src/**/*.test.ts', 'scripts/*.test.ts'];
/** Files that start the service, the CLI, workers or a browser, and the studio's own: each in a fresh process. */
const APPS = ['apps/*/src/**/*.test.{ts,tsx}', 'apps/web/e2e/**/*.test.ts', 'tools/*/src/**/*.test.ts'];

export default defineConfig({
  ...SOURCES,
  test: {
    ...TIMEOUTS,
    pool: 'forks',
    // One file per core, not Vitest's default of one fewer: most of a file's time is spent
    // waiting on its service, ffmpeg or browser, and on two cores the default runs one file at a
    // time (the whole suite: 2,196 s that way, 1,475 s with two, every file passing).
    maxWorkers: availableParallelism(),
    // Built first (the processes tests start run the build), then the run's temp folder, then,
    // inside it, the run's cache folder and its one Apertium server. Set here, at the root, they
    // run once for both projects (a project that extended this config would run them again).
    globalSetup: ['./vitest.build.ts', './vitest.temp-guard.ts', './vitest.cache-folder.ts', './vitest.apertium.ts'],
    // The usual report, then the time each file took (slowest first).
    reporters: ['default', './vitest.file-times.ts'],
    projects: [
      {
        ...SOURCES,
        test: {
          ...TIMEOUTS,
          name: 'units',
          include: UNITS,
          pool: 'forks',
          isolate: false,
          setupFiles: ['./vitest.units-setup.ts'],
        },
      },
      { ...SOURCES, test: { ...TIMEOUTS, name: 'apps', include: APPS, pool: 'forks' } },
    ],
  },
});
