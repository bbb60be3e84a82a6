import type { Reporter, SerializedError, TestCase, TestModule, TestSuite } from 'vitest/node';

/** A file's share of the suite's time budget (issue 54): each file above it is named at the end. */
const FILE_BUDGET_SECONDS = 60;

/**
 * Prints, once the run ends, how long each test file took (its tests and hooks, plus importing
 * it), slowest first, and names every file over its budget: where `make test`'s minutes go. Then,
 * last of all, what failed (file, test and the error's first line): CI keeps only the end of a
 * run's output, and the default reporter's failure report sits above the times.
 */
export default class FileTimesReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[], unhandledErrors: readonly SerializedError[]): void {
    process.stdout.write(fileTimes(testModules));
    const failures = [...failedTests(testModules), ...unhandledErrors.map(describeError)];
    if (failures.length > 0) {
      process.stdout.write(`\nFailed (${failures.length}):\n${failures.join('\n')}\n`);
    }
  }
}

function fileTimes(testModules: readonly TestModule[]): string {
  const times = testModules
    .map((module) => {
      const { duration, collectDuration } = module.diagnostic();
      return { file: module.relativeModuleId, seconds: (duration + collectDuration) / 1000 };
    })
    .sort((a, b) => b.seconds - a.seconds);
  const total = times.reduce((sum, time) => sum + time.seconds, 0);
  const lines = times.map(({ file, seconds }) => `${seconds.toFixed(1).padStart(8)} s  ${file}`);
  const over = times.filter(({ seconds }) => seconds > FILE_BUDGET_SECONDS);
  const overBudget =
    over.length === 0
      ? `No file took over ${FILE_BUDGET_SECONDS} s.`
      : `Over ${FILE_BUDGET_SECONDS} s (${over.length}): ${over.map(({ file }) => file).join(', ')}`;
  return `\nTime per test file (${times.length} files, ${total.toFixed(0)} s in all):\n${lines.join('\n')}\n${overBudget}\n`;
}

/** One line per failed test, and one per file that failed outside its tests (import, hooks). */
function failedTests(testModules: readonly TestModule[]): string[] {
  const lines: string[] = [];
  for (const module of testModules) {
    for (const error of module.errors()) {
      lines.push(`  ${module.relativeModuleId}: ${describeError(error)}`);
    }
    for (const test of testsIn(module).filter((each) => each.result().state === 'failed')) {
      const error = test.result().errors?.[0];
      const why = error === undefined ? '' : `: ${describeError(error)}`;
      lines.push(`  ${module.relativeModuleId} > ${test.fullName}${why}`);
    }
  }
  return lines;
}

/** Every test of a file or suite, nested suites included. */
function testsIn(parent: TestModule | TestSuite): TestCase[] {
  return parent.children.array().flatMap((child) => (child.type === 'test' ? [child] : testsIn(child)));
}

function describeError(error: SerializedError): string {
  const firstLine = (error.message ?? error.name ?? 'unknown error').split('\n')[0] ?? '';
  return firstLine.slice(0, 300);
}
