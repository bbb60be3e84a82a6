import { fitOf, type DubRun } from '@voxlate/core';

/** Median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The closing lines: segments, tempo statistics, quality and warnings. */
export function summarise(run: DubRun, seconds: number): string {
  const segments = run.timeline.segments;
  const tempos = segments.flatMap((segment) => (segment.fit ? [segment.fit.tempo] : []));
  const spedUp = tempos.filter((tempo) => tempo > 1.0005).length;
  const overflowing = segments.filter((segment) => fitOf(segment).overflow > 0).length;
  const gist = segments.filter((segment) => segment.quality === 'gist').length;
  const lines = [
    `Done in ${seconds.toFixed(1)} s: ${run.output}`,
    `  segments: ${segments.length} (${gist} gist-quality), media ${run.timeline.duration.toFixed(1)} s`,
    tempos.length > 0
      ? `  tempo: ${spedUp} sped up, median ${median(tempos).toFixed(2)}x, max ${Math.max(...tempos).toFixed(2)}x; ` +
        `${overflowing} overflowing`
      : '  tempo: no dubbed lines',
    ...run.timeline.warnings.map((warning) => `  warning: ${warning}`),
  ];
  return lines.join('\n');
}
