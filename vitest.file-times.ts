import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints, once the run ends, how long each test file took (its tests and hooks, plus importing
 * it), slowest first: where `make test`'s minutes go. The default reporter still prints the rest.
 */
export default class FileTimesReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const times = testModules
      .map((module) => {
        const { duration, collectDuration } = module.diagnostic();
        return { file: module.relativeModuleId, seconds: (duration + collectDuration) / 1000 };
      })
      .sort((a, b) => b.seconds - a.seconds);
    const total = times.reduce((sum, time) => sum + time.seconds, 0);
    const lines = times.map(({ file, seconds }) => `${seconds.toFixed(1).padStart(8)} s  ${file}`);
    process.stdout.write(
      `\nTime per test file (${times.length} files, ${total.toFixed(0)} s in all):\n${lines.join('\n')}\n`,
    );
  }
}
