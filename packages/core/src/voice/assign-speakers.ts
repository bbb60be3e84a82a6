import { speakerLabel, type SpeakerTurn } from '../diarisation.js';
import type { Segment } from '../timeline.js';

/** A segment is cut at a speaker change only if both pieces last at least this long. */
const MIN_PIECE_SECONDS = 0.8;

/**
 * Gives every segment its speaker from the diariser's turns. Where a segment holds a change of
 * speaker and may be cut (it has no text yet), it is cut there into one segment per turn;
 * otherwise it takes the speaker who talks most of it. Segments are renumbered in order.
 */
export function assignSpeakers(
  segments: readonly Segment[],
  turns: readonly SpeakerTurn[],
  mayCut: boolean,
): Segment[] {
  const pieces = segments.flatMap((segment) => {
    const inside = mergeSameSpeaker(overlapping(segment, turns));
    if (inside.length === 0) return [{ ...segment, speaker: speakerLabel(0) }];
    if (!mayCut || inside.length === 1) return [{ ...segment, speaker: speakerLabel(mostSpoken(inside)) }];
    return inside.map((turn) => ({
      ...segment,
      start: turn.start,
      end: turn.end,
      speaker: speakerLabel(turn.speaker),
    }));
  });
  return pieces.map((segment, id) => ({ ...segment, id }));
}

/** The turns within the segment, clipped to it; too-short pieces fold into their neighbour. */
function overlapping(segment: Segment, turns: readonly SpeakerTurn[]): SpeakerTurn[] {
  const clipped = turns
    .map((turn) => ({ ...turn, start: Math.max(turn.start, segment.start), end: Math.min(turn.end, segment.end) }))
    .filter((turn) => turn.end > turn.start);
  if (clipped.length === 0) return [];
  clipped[0]!.start = segment.start;
  clipped.at(-1)!.end = segment.end;
  const kept: SpeakerTurn[] = [];
  for (const turn of clipped) {
    const previous = kept.at(-1);
    if (previous && (turn.end - turn.start < MIN_PIECE_SECONDS || previous.end - previous.start < MIN_PIECE_SECONDS)) {
      const longer = turn.end - turn.start > previous.end - previous.start ? turn : previous;
      kept[kept.length - 1] = { start: previous.start, end: turn.end, speaker: longer.speaker };
    } else {
      kept.push({ ...turn, start: previous ? previous.end : turn.start });
    }
  }
  return kept;
}

function mergeSameSpeaker(turns: readonly SpeakerTurn[]): SpeakerTurn[] {
  const merged: SpeakerTurn[] = [];
  for (const turn of turns) {
    const previous = merged.at(-1);
    if (previous?.speaker === turn.speaker) previous.end = turn.end;
    else merged.push({ ...turn });
  }
  return merged;
}

function mostSpoken(turns: readonly SpeakerTurn[]): number {
  const seconds = new Map<number, number>();
  for (const turn of turns) seconds.set(turn.speaker, (seconds.get(turn.speaker) ?? 0) + turn.end - turn.start);
  return [...seconds.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}
