import type { TimeSpan } from '../segmentation/segment-speech.js';
import { roundTo } from './track-math.js';
import type { LineProsody } from './voice-types.js';

/** What reference selection needs of a source line. */
export interface ReferenceLine {
  id: number;
  start: number;
  end: number;
  speaker?: string;
  prosody?: LineProsody;
}

/** A speaker's reference: the spans of their speech a clone copies, in source order. */
export interface SpeakerReference {
  speaker: string;
  spans: TimeSpan[];
  seconds: number;
}

/**
 * How references are chosen. A speaker's voice comes from their cleanest lines, up to `most`
 * seconds (zero-shot models copy a voice best from 5-15 s); a line at least `ownLine` seconds
 * long and clean is its own reference, so its emotion carries over to the dubbed line.
 */
export const REFERENCE_SECONDS = { least: 5, most: 15, ownLine: 4 } as const;
/** Below this share of voiced frames a line is mostly silence, noise or music. */
const MIN_VOICED_SHARE = 0.35;
/** Below this mean level (dB full scale) speech is too faint to copy a voice from. */
const MIN_LEVEL_DB = -45;
/** Lines shorter than this add more edges than voice. */
const MIN_LINE_SECONDS = 1;

/** How clean a line is as a reference (0: unusable), from its measured prosody and the other speakers' lines. */
export function referenceScore(line: ReferenceLine, lines: readonly ReferenceLine[]): number {
  const seconds = line.end - line.start;
  if (seconds < MIN_LINE_SECONDS || !line.prosody) return 0;
  if (line.prosody.loudnessDb === undefined || line.prosody.loudnessDb < MIN_LEVEL_DB) return 0;
  if (overlapsAnotherSpeaker(line, lines)) return 0;
  const voicedShare = line.prosody.voicedSeconds / seconds;
  if (voicedShare < MIN_VOICED_SHARE) return 0;
  // Mostly voiced, and long enough to carry a voice: both count.
  return voicedShare * Math.min(1, seconds / REFERENCE_SECONDS.ownLine);
}

function overlapsAnotherSpeaker(line: ReferenceLine, lines: readonly ReferenceLine[]): boolean {
  return lines.some(
    (other) =>
      other.id !== line.id &&
      (other.speaker ?? 'S1') !== (line.speaker ?? 'S1') &&
      other.start < line.end &&
      line.start < other.end,
  );
}

/**
 * Each speaker's reference: their cleanest lines, best first, until `REFERENCE_SECONDS.most`
 * (a line that would pass it is cut), then put back in source order. A speaker with no clean
 * line gets none (their lines are shaped instead, and the pipeline says so).
 */
export function chooseSpeakerReferences(lines: readonly ReferenceLine[]): SpeakerReference[] {
  const bySpeaker = new Map<string, ReferenceLine[]>();
  for (const line of lines) {
    const speaker = line.speaker ?? 'S1';
    bySpeaker.set(speaker, [...(bySpeaker.get(speaker) ?? []), line]);
  }
  const references: SpeakerReference[] = [];
  for (const [speaker, own] of bySpeaker) {
    const ranked = own
      .map((line) => ({ line, score: referenceScore(line, lines) }))
      .filter((entry) => entry.score > 0)
      .sort((a, b) => b.score - a.score || a.line.start - b.line.start);
    const spans: TimeSpan[] = [];
    let seconds = 0;
    for (const { line } of ranked) {
      if (seconds >= REFERENCE_SECONDS.most) break;
      const take = Math.min(line.end - line.start, REFERENCE_SECONDS.most - seconds);
      spans.push({ start: line.start, end: line.start + take });
      seconds += take;
    }
    if (spans.length > 0) {
      references.push({ speaker, spans: spans.sort((a, b) => a.start - b.start), seconds: roundTo(seconds, 2) });
    }
  }
  return references;
}

/** Whether a line is long and clean enough to be its own reference. */
export function isOwnReference(line: ReferenceLine, lines: readonly ReferenceLine[]): boolean {
  return line.end - line.start >= REFERENCE_SECONDS.ownLine && referenceScore(line, lines) >= MIN_VOICED_SHARE;
}
