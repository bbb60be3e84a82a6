import { describe, expect, it } from 'vitest';
import { CLEAN_FIGURES, figuresOf, formatReport } from './report.js';
import { runAbuse } from './run-abuse.js';

describe('the abuse suite, quick subset', () => {
  it('answers every malformed, hostile and misbehaving case clearly, with nothing left behind', async () => {
    const report = await runAbuse({ cases: 'quick', scenarios: 'none', concurrency: 2, log: () => undefined });
    const figures = figuresOf(report);
    const failures = report.cases.filter((c) => c.unexpected || !['done', 'refused', 'busy'].includes(c.verdict));
    expect(failures, formatReport(report)).toEqual([]);
    expect(report.cases.length).toBeGreaterThanOrEqual(50);
    // Every case that once found a bug is sent in every run.
    expect(report.cases.map((c) => c.id)).toContain('http/bad-chunk-size');
    expect(figures, formatReport(report)).toEqual(CLEAN_FIGURES);
  }, 300_000);
});
