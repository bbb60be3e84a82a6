import { outputDurationOf, placedSpan } from '../placement.js';
import type { Segment, Timeline } from '../timeline.js';
import type { Cue } from '@voxlate/shared';
import { cueRulesFor } from './cue-rules.js';
import { splitCues, type TimeOfCharacter } from './split-cues.js';

/**
 * Subtitles a viewer can read (see cueRulesFor): each line cut into cues of at most two lines
 * and seven seconds, never across lines (so never across a change of speaker). Source cues
 * follow the source times, cut where the recognised words are spoken; target cues follow where
 * the dubbed line is heard (after any shift and speed-up), cut in proportion to its phonemes.
 */
export function timelineCues(timeline: Timeline, side: 'source' | 'target'): Cue[] {
  const language = side === 'source' ? timeline.sourceLanguage : timeline.targetLanguage;
  const rules = cueRulesFor(language);
  const spans = cueSpans(timeline, side);
  const cues = timeline.segments.flatMap((segment, i) => {
    const text = side === 'source' ? segment.sourceText : segment.targetText;
    const span = spans[i]!;
    const timeAt = side === 'source' ? wordTimes(segment, text, span) : phonemeTimes(segment, text, span);
    return splitCues(text, span, timeAt, rules);
  });
  return withMinimumDuration(cues, rules.minSeconds, outputDurationOf(timeline));
}

/** Where a line's cues may stand: while it is spoken, held at most until the next line (`limit`). */
export interface CueSpan {
  start: number;
  end: number;
  limit: number;
}

/**
 * Each line's span on one side: the source times, or where the dubbed line is heard. No cue
 * outlives the media: the output grows to hold the dub (see the fit stage).
 */
export function cueSpans(timeline: Timeline, side: 'source' | 'target'): CueSpan[] {
  const spans = timeline.segments.map((segment) =>
    side === 'source'
      ? { start: segment.start, end: segment.end }
      : (placedSpan(segment) ?? { start: segment.start, end: segment.end }),
  );
  const mediaEnd = outputDurationOf(timeline);
  return spans.map((placed, i) => {
    const end = Math.min(placed.end, mediaEnd);
    const limit = Math.min(mediaEnd, Math.max(end, spans[i + 1]?.start ?? mediaEnd));
    return { start: Math.min(placed.start, end), end, limit };
  });
}

/**
 * Every cue stays up at least `minSeconds` (a flash cannot be read): one that the next cue
 * would cut short keeps its time, and the next starts that much later (a few frames, as
 * broadcasters do), never past the media's end.
 */
export function withMinimumDuration(cues: Cue[], minSeconds: number, mediaEnd: number): Cue[] {
  const held = cues.map((cue) => ({ ...cue }));
  for (const [i, cue] of held.entries()) {
    if (cue.end - cue.start >= minSeconds) continue;
    cue.end = Math.min(mediaEnd, cue.start + minSeconds);
    const next = held[i + 1];
    if (next && next.start < cue.end) {
      next.start = cue.end;
      next.end = Math.max(next.end, next.start);
    }
  }
  return held;
}

/** By the recognised words' times when they match the text word for word; else in proportion. */
function wordTimes(segment: Segment, text: string, span: { start: number; end: number }): TimeOfCharacter {
  const words = [...text.matchAll(/\S+/gu)];
  if (segment.words.length !== words.length) return proportional(text, span);
  return (offset) => {
    const index = words.findIndex((word) => word.index + word[0].length > offset);
    return segment.words[index < 0 ? words.length - 1 : index]!.start;
  };
}

/** By the share of the dubbed line's phonemes spoken before the character (letters standing for sounds). */
export function phonemeTimes(segment: Segment, text: string, span: { start: number; end: number }): TimeOfCharacter {
  const phonemes = segment.phonemes ?? [];
  const speech = segment.speech?.duration ?? 0;
  if (phonemes.length === 0 || speech <= 0) return proportional(text, span);
  const letters = (upTo: number): number => text.slice(0, upTo).replace(/[\s\p{P}]/gu, '').length;
  const total = Math.max(1, letters(text.length));
  const scale = (span.end - span.start) / speech;
  return (offset) => {
    const index = Math.min(phonemes.length - 1, Math.floor((letters(offset) / total) * phonemes.length));
    return span.start + phonemes[index]!.start * scale;
  };
}

function proportional(text: string, span: { start: number; end: number }): TimeOfCharacter {
  return (offset) => span.start + ((span.end - span.start) * offset) / Math.max(1, text.length);
}

/** Whole-text transcripts, one segment per line. */
export function timelineTranscripts(timeline: Timeline): { source: string; target: string } {
  return {
    source: timeline.segments.map((segment) => segment.sourceText).join('\n'),
    target: timeline.segments.map((segment) => segment.targetText).join('\n'),
  };
}
