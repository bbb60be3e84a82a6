import { BadInput } from '../errors.js';
import type { TimeSpan } from '../segmentation/segment-speech.js';
import type { Segment } from '../timeline.js';
import { formatTimestamp } from '@voxlate/shared';
import type { DubChoices } from './dub-choices.js';

/** A stretch of speech shorter than this at the edge of the part is not worth a line of its own. */
const MIN_LINE_SECONDS = 0.3;

/**
 * The part of the media to dub, in seconds: from `start` (0) to `end` (the media's end). An end
 * past the media's end is the media's end (and `clipped` says so). Throws BadInput, naming
 * what would work, for a start at or after the end of the media, or an end not after the start.
 */
export function partOfMedia(
  part: DubChoices['timing']['part'],
  duration: number,
): { span: TimeSpan; clipped: boolean } | undefined {
  if (part === undefined) return undefined;
  const start = part.start ?? 0;
  const wantedEnd = part.end ?? duration;
  if (start >= duration) {
    throw new BadInput(
      `start (${start} s) is at or after the end of the media (${round(duration)} s): give a start before ${round(duration)} s.`,
    );
  }
  if (wantedEnd <= start) {
    throw new BadInput(`end (${wantedEnd} s) must be after start (${start} s).`);
  }
  return { span: { start, end: Math.min(wantedEnd, duration) }, clipped: wantedEnd > duration };
}

/**
 * The lines inside the part: those outside are left out, those across an edge are cut at it
 * (their speech outside keeps the original voice) and named in `cut`; what is left of a line
 * shorter than MIN_LINE_SECONDS is left out too. Ids are numbered again from 0.
 */
export function linesInPart(segments: readonly Segment[], span: TimeSpan): { lines: Segment[]; cut: Segment[] } {
  const lines: Segment[] = [];
  const cut: Segment[] = [];
  for (const segment of segments) {
    const start = Math.max(segment.start, span.start);
    const end = Math.min(segment.end, span.end);
    if (end - start < MIN_LINE_SECONDS) continue;
    if (start !== segment.start || end !== segment.end) cut.push(segment);
    lines.push({ ...segment, id: lines.length, start, end });
  }
  return { lines, cut };
}

/** What the creator is told about a part dub: what is dubbed, and any line cut at an edge. */
export function partWarnings(span: TimeSpan, clipped: boolean, cut: readonly Segment[]): string[] {
  const at = (seconds: number): string => formatTimestamp(seconds, '.').replace(/^00:/, '');
  const warnings = [
    `Only ${at(span.start)}–${at(span.end)} is dubbed, as asked: the rest keeps its original audio.` +
      (clipped ? ' The end asked for is past the end of the media: the part runs to the end.' : ''),
  ];
  for (const segment of cut) {
    warnings.push(
      `Speech at ${at(segment.start)}–${at(segment.end)} runs across the edge of the part: only what is inside it is dubbed.`,
    );
  }
  return warnings;
}

function round(seconds: number): number {
  return Math.round(seconds * 100) / 100;
}
