import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { formatReport, figuresOf, passed } from './report.js';
import { runAbuse } from './run-abuse.js';

/**
 * `npm run abuse` (every case and scenario) or `npm run abuse -- --quick` (what `make test` runs
 * in its two abuse files: the quick subset of the cases, then the two scenarios that the
 * leftovers of a case once broke). `--category NAME` sends that family's cases only (and, for access, the id timing scenario).
 * `--json FILE` also writes every outcome. Exits 1 unless every figure is 0.
 */
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const jsonAt = args.indexOf('--json');
const categoryAt = args.indexOf('--category');
const category = categoryAt >= 0 ? args[categoryAt + 1] : undefined;
console.log(
  `Voxlate abuse suite (${quick ? 'quick' : 'full'}), load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const report = await runAbuse({
  cases: quick ? 'quick' : 'every',
  ...(category !== undefined ? { category } : {}),
  scenarios: category === 'access' ? 'access' : category !== undefined ? 'none' : quick ? 'after-cases' : 'every',
  concurrency: 2,
  log: (line) => console.log(line),
});
console.log(formatReport(report));
if (jsonAt >= 0 && args[jsonAt + 1])
  writeFileSync(args[jsonAt + 1]!, JSON.stringify({ figures: figuresOf(report), ...report }, null, 2));
process.exitCode = passed(figuresOf(report)) ? 0 : 1;
