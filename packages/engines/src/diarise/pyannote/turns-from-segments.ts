import type { SpeakerTurn, TimeSpan } from '@voxlate/core';
import type { SherpaSegment } from './sherpa-diarisation-process.js';

/** The grid the spans are labelled on, seconds. */
const STEP = 0.01;
/** A run shorter than this inside a span joins its neighbour: too short to be a turn. */
const MIN_TURN_SECONDS = 0.5;

/**
 * Labels the stretches of speech the pipeline found with the speakers the diarisation found.
 * The two disagree at the edges (another voice detector, another minimum length), so every
 * instant of a span takes the speaker of the segment covering it (the shorter one where two
 * overlap: the interjection over the long turn), or of the nearest segment where none does;
 * runs under half a second join a neighbour. Speakers are renumbered by first appearance.
 */
export function turnsFromSegments(spans: readonly TimeSpan[], segments: readonly SherpaSegment[]): SpeakerTurn[] {
  const ordered = [...segments].sort((a, b) => a.start - b.start);
  const turns: SpeakerTurn[] = [];
  for (const span of spans) turns.push(...labelSpan(span, ordered));
  return numberByFirstAppearance(turns);
}

function labelSpan(span: TimeSpan, segments: readonly SherpaSegment[]): SpeakerTurn[] {
  if (segments.length === 0) return [{ start: span.start, end: span.end, speaker: 0 }];
  const overlapping = segments.filter((segment) => segment.start < span.end && segment.end > span.start);
  if (overlapping.length === 0) {
    return [{ start: span.start, end: span.end, speaker: speakerAt((span.start + span.end) / 2, segments) }];
  }
  const steps = Math.max(1, Math.round((span.end - span.start) / STEP));
  const runs: SpeakerTurn[] = [];
  for (let i = 0; i < steps; i++) {
    const start = span.start + ((span.end - span.start) * i) / steps;
    const end = span.start + ((span.end - span.start) * (i + 1)) / steps;
    const speaker = speakerAt((start + end) / 2, overlapping);
    const last = runs.at(-1);
    if (last && last.speaker === speaker) last.end = end;
    else runs.push({ start, end, speaker });
  }
  return absorbShortRuns(runs);
}

function speakerAt(time: number, segments: readonly SherpaSegment[]): number {
  let covering: SherpaSegment | undefined;
  let nearest = segments[0]!;
  let nearestGap = Infinity;
  for (const segment of segments) {
    if (segment.start <= time && time < segment.end) {
      if (!covering || segment.end - segment.start < covering.end - covering.start) covering = segment;
    }
    const gap = Math.max(segment.start - time, time - segment.end, 0);
    if (gap < nearestGap) {
      nearestGap = gap;
      nearest = segment;
    }
  }
  return (covering ?? nearest).speaker;
}

/** Short runs join the longer of their neighbours, until none is left (or one run remains). */
function absorbShortRuns(runs: SpeakerTurn[]): SpeakerTurn[] {
  const merged = runs.map((run) => ({ ...run }));
  for (;;) {
    const index = shortestShortRun(merged);
    if (index < 0 || merged.length === 1) break;
    const before = merged[index - 1];
    const after = merged[index + 1];
    const into = !after || (before && before.end - before.start >= after.end - after.start) ? index - 1 : index + 1;
    const target = merged[into]!;
    target.start = Math.min(target.start, merged[index]!.start);
    target.end = Math.max(target.end, merged[index]!.end);
    merged.splice(index, 1);
    joinSameSpeaker(merged);
  }
  return merged;
}

function shortestShortRun(runs: readonly SpeakerTurn[]): number {
  let index = -1;
  for (const [i, run] of runs.entries()) {
    const length = run.end - run.start;
    if (length < MIN_TURN_SECONDS && (index < 0 || length < runs[index]!.end - runs[index]!.start)) index = i;
  }
  return index;
}

function joinSameSpeaker(runs: SpeakerTurn[]): void {
  for (let i = runs.length - 1; i > 0; i--) {
    if (runs[i]!.speaker !== runs[i - 1]!.speaker) continue;
    runs[i - 1]!.end = runs[i]!.end;
    runs.splice(i, 1);
  }
}

function numberByFirstAppearance(turns: readonly SpeakerTurn[]): SpeakerTurn[] {
  const numbers = new Map<number, number>();
  return turns.map((turn) => {
    if (!numbers.has(turn.speaker)) numbers.set(turn.speaker, numbers.size);
    return { ...turn, speaker: numbers.get(turn.speaker)! };
  });
}
