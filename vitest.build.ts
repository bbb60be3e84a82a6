import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Builds the TypeScript packages (`tsc -b`, incremental: under a second when nothing changed)
 * before any test runs. Tests that start the product in a process of its own (the service, its
 * workers, the CLI) run its built JavaScript, as `npm start` does: under tsx every such start
 * compiled the sources again (3-5 s of CPU each, dozens of starts a run). Building here keeps
 * those processes running the very code the tests read, and a type error stops the run at once.
 */
export default function setup(): void {
  const tsc = join(import.meta.dirname, 'node_modules/.bin/tsc');
  const build = spawnSync(tsc, ['-b'], { cwd: import.meta.dirname, encoding: 'utf8' });
  if (build.status !== 0) {
    throw new Error(`The build (tsc -b) failed, so no test runs:\n${build.stdout}${build.stderr}`);
  }
}
