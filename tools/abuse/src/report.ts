import type { AbuseReport } from './run-abuse.js';
import { countBy } from './scenarios/scenario.js';

/** The figures the suite stands on; each must be 0 for the run to pass. */
export interface AbuseFigures {
  serverErrors: number;
  crashes: number;
  unclear: number;
  unexpected: number;
  foldersLeftAfterCases: number;
  foldersLeft: number;
  processesLeft: number;
  scenariosFailed: number;
}

export function figuresOf(report: AbuseReport): AbuseFigures {
  return {
    serverErrors: report.cases.filter((c) => c.verdict === 'server-error').length,
    crashes: report.crashes,
    unclear: report.cases.filter((c) => c.verdict === 'unclear').length,
    unexpected: report.cases.filter((c) => c.unexpected).length,
    foldersLeftAfterCases: report.foldersLeftAfterCases.length,
    foldersLeft: report.foldersLeft.length,
    processesLeft: report.processesLeft.length,
    scenariosFailed: report.scenarios.filter((s) => !s.held).length,
  };
}

/** The figures of a run that found nothing wrong: every one 0. */
export const CLEAN_FIGURES: Readonly<AbuseFigures> = {
  serverErrors: 0,
  crashes: 0,
  unclear: 0,
  unexpected: 0,
  foldersLeftAfterCases: 0,
  foldersLeft: 0,
  processesLeft: 0,
  scenariosFailed: 0,
};

export function passed(figures: AbuseFigures): boolean {
  return Object.values(figures).every((value) => value === 0);
}

/** The printed summary. */
export function formatReport(report: AbuseReport): string {
  const figures = figuresOf(report);
  const byStatus = countBy(report.cases, (c) => c.status);
  const byVerdict = countBy(report.cases, (c) => c.verdict);
  const byCategory = countBy(report.cases, (c) => c.category);
  // 503 with Retry-After is the designed answer to a full line: counted apart from faults.
  const busy = (byVerdict['busy'] ?? 0) + report.scenarios.reduce((n, s) => n + (s.statuses?.['503'] ?? 0), 0);
  const list = (counts: Record<string, number>): string =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, n]) => `${key}: ${n}`)
      .join(', ');
  const lines = [
    `cases: ${report.cases.length} (${list(byCategory)})`,
    `cases by status: ${list(byStatus)}`,
    `verdicts: ${list(byVerdict)}`,
    `5xx: ${figures.serverErrors}${busy > 0 ? ` (besides ${busy} x 503 with Retry-After: a full line, load shedding by design)` : ''}`,
    `crashes: ${figures.crashes}`,
    `answers without a clear message: ${figures.unclear}`,
    `answers other than the case expected: ${figures.unexpected}`,
    `folders left after the cases: ${figures.foldersLeftAfterCases}${report.foldersLeftAfterCases
      .slice(0, 5)
      .map((folder) => ` (${folder.name}, made during ${folder.madeDuring.join(', ') || '?'})`)
      .join('')}`,
    `folders left at the end: ${figures.foldersLeft}${figures.foldersLeft ? ` (${report.foldersLeft.slice(0, 5).join(', ')})` : ''}`,
    `processes left: ${figures.processesLeft}${figures.processesLeft ? ` (pids ${report.processesLeft.slice(0, 10).join(', ')})` : ''}`,
    `peak RSS of the services' process trees: ${Math.round(report.peakRssBytes / 1e6)} MB`,
    ...report.scenarios.map((s) => `scenario ${s.held ? 'held' : 'FAILED'}: ${s.name}: ${s.detail}`),
    `time: ${Math.round(report.seconds)} s`,
  ];
  return lines.join('\n');
}
