import type { StageName } from '@voxlate/core';

/**
 * The benchmark's headline figures, compared with the previous run's: each figure with its
 * ratio to the last one, flagged when it is worse by more than these shared machines' noise.
 */

/** One headline figure: lower is better for every one (seconds, real-time factors, memory, ratios). */
export interface HeadlineFigure {
  name: string;
  value: number;
  unit: string;
}

/**
 * Run to run on the same shared 2-core machine, timings move by about this share with the load
 * alone (the same commit measured twice: the lip sync render pass 84 s and 100 s); a change
 * inside it is not news. Under heavy load they move further (docs/benchmarks.md).
 */
export const NOISE = 0.25;

/** The parts of a saved run (bench-results/latest.json) the headline figures come from; all optional. */
export interface SavedBenchRun {
  loadavg?: number[];
  results?: {
    name: string;
    mediaSeconds: number;
    wallSeconds: number;
    stageSeconds?: Partial<Record<StageName, number>>;
    peakRss?: number;
  }[];
  live?: { shortClip?: { clipSeconds: number; warmMedianSeconds: number } };
  languages?: { ratio?: number };
  jobs?: { redub?: { medianSeconds: number }; resume?: { totalRatio: number } };
  separation?: { engine: string; rtf: number }[];
}

/** The stages whose real-time factor is a headline of its own (the costly ones). */
const STAGE_HEADLINES: readonly StageName[] = ['recognise', 'lipsync', 'mix'];

export function headlineFigures(run: SavedBenchRun): HeadlineFigure[] {
  const figures: HeadlineFigure[] = [];
  for (const result of run.results ?? []) {
    if (result.mediaSeconds <= 0) continue;
    figures.push({ name: `${result.name}: RTF`, value: result.wallSeconds / result.mediaSeconds, unit: '' });
    for (const stage of STAGE_HEADLINES) {
      const seconds = result.stageSeconds?.[stage];
      if (seconds !== undefined)
        figures.push({ name: `${result.name}: ${stage} RTF`, value: seconds / result.mediaSeconds, unit: '' });
    }
    if (result.peakRss)
      figures.push({ name: `${result.name}: peak RSS`, value: Math.round(result.peakRss / 1e6), unit: ' MB' });
  }
  const clip = run.live?.shortClip;
  if (clip && clip.clipSeconds > 0)
    figures.push({ name: 'warm short clip: RTF', value: clip.warmMedianSeconds / clip.clipSeconds, unit: '' });
  if (run.languages?.ratio !== undefined)
    figures.push({ name: 'three languages over one', value: run.languages.ratio, unit: 'x' });
  if (run.jobs?.redub) figures.push({ name: 're-dub of one line', value: run.jobs.redub.medianSeconds, unit: ' s' });
  if (run.jobs?.resume)
    figures.push({ name: 'resumed job over uninterrupted', value: run.jobs.resume.totalRatio, unit: 'x' });
  for (const separator of run.separation ?? [])
    figures.push({ name: `separation (${separator.engine}): RTF`, value: separator.rtf, unit: '' });
  return figures;
}

export type Verdict = 'worse' | 'better' | 'same' | 'new';

export interface ComparedFigure extends HeadlineFigure {
  previous?: number;
  /** This run's value over the previous one. */
  ratio?: number;
  verdict: Verdict;
}

/** Each figure of this run beside the previous run's figure of the same name. */
export function compareFigures(current: HeadlineFigure[], previous: HeadlineFigure[]): ComparedFigure[] {
  const before = new Map(previous.map((figure) => [figure.name, figure.value]));
  return current.map((figure) => {
    const old = before.get(figure.name);
    if (old === undefined || old <= 0) return { ...figure, verdict: 'new' };
    const ratio = figure.value / old;
    const verdict: Verdict = ratio > 1 + NOISE ? 'worse' : ratio < 1 - NOISE ? 'better' : 'same';
    return { ...figure, previous: old, ratio, verdict };
  });
}

/** The comparison as lines to print, with both runs' load. */
export function comparisonReport(compared: ComparedFigure[], load: { now?: number[]; before?: number[] }): string[] {
  const format = (value: number): string => (value >= 100 ? value.toFixed(0) : value.toPrecision(3));
  const loadText = (values?: number[]): string => values?.map((l) => l.toFixed(2)).join(' ') ?? 'unknown';
  return [
    `against the previous run (load then ${loadText(load.before)}, now ${loadText(load.now)}; ` +
      `flagged beyond +-${Math.round(NOISE * 100)} %, the noise of one machine run to run):`,
    ...compared.map((figure) => {
      const now = `${format(figure.value)}${figure.unit}`;
      if (figure.verdict === 'new') return `  ${figure.name}: ${now} (no previous figure)`;
      const flag = figure.verdict === 'worse' ? '  WORSE' : figure.verdict === 'better' ? '  better' : '';
      return `  ${figure.name}: ${now}, was ${format(figure.previous!)}${figure.unit}, ratio ${figure.ratio!.toFixed(2)}${flag}`;
    }),
  ];
}
