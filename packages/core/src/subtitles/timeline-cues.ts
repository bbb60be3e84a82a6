import { placedSpan } from '../placement.js';
import type { Timeline } from '../timeline.js';
import type { Cue } from './cue.js';

/**
 * Source cues follow the source times; target cues follow where the dubbed line is heard
 * (after any shift and speed-up), falling back to the source slot when nothing was placed.
 */
export function timelineCues(timeline: Timeline, side: 'source' | 'target'): Cue[] {
  return timeline.segments.map((segment) => {
    if (side === 'source') return { start: segment.start, end: segment.end, text: segment.sourceText };
    const placed = placedSpan(segment) ?? { start: segment.start, end: segment.end };
    return { ...placed, text: segment.targetText };
  });
}

/** Whole-text transcripts, one segment per line. */
export function timelineTranscripts(timeline: Timeline): { source: string; target: string } {
  return {
    source: timeline.segments.map((segment) => segment.sourceText).join('\n'),
    target: timeline.segments.map((segment) => segment.targetText).join('\n'),
  };
}
