import type { Fit, Segment, Timeline } from './timeline.js';

/** A segment not (yet) fitted plays at its source start, at normal speed, without overflow. */
export const UNFITTED: Readonly<Fit> = { tempo: 1, shift: 0, overflow: 0 };

export function fitOf(segment: Segment): Fit {
  return segment.fit ?? UNFITTED;
}

/** Where the dubbed line is heard in the output, or undefined when nothing was placed. */
export function placedSpan(segment: Segment): { start: number; end: number } | undefined {
  if (!segment.dubbed) return undefined;
  const start = segment.start + fitOf(segment).shift;
  return { start, end: start + segment.dubbed.duration };
}

/** Seconds of the output: the source's, or longer when the dub runs past its end. */
export function outputDurationOf(timeline: Timeline): number {
  return Math.max(timeline.duration, timeline.outputDuration ?? 0);
}
