import { placedSpan, type Timeline } from '@voxlate/core';

export interface FitFigures {
  lines: number;
  atMost115: number;
  atMost130: number;
  overflowing: number;
  overlaps: number;
}

/** Timing-fit figures of one run: tempo shares, overflowing lines and overlaps between dubbed lines. */
export function fitFigures(timeline: Timeline): FitFigures {
  const placed = timeline.segments.flatMap((segment) => {
    const span = placedSpan(segment);
    return span && segment.fit ? [{ ...span, tempo: segment.fit.tempo, overflow: segment.fit.overflow }] : [];
  });
  let overlaps = 0;
  for (let i = 1; i < placed.length; i++) if (placed[i]!.start < placed[i - 1]!.end - 1e-6) overlaps++;
  return {
    lines: placed.length,
    atMost115: placed.filter((line) => line.tempo <= 1.15).length,
    atMost130: placed.filter((line) => line.tempo <= 1.3 + 1e-9).length,
    overflowing: placed.filter((line) => line.overflow > 0).length,
    overlaps,
  };
}
