import { BadInput, NoSpeech } from '../errors.js';
import type { Cue } from '@voxlate/shared';
import { formatTimestamp } from '@voxlate/shared';
import { parseSubtitles } from './parse-subtitles.js';

/**
 * Limits on subtitles given as the source, checked before any work: each cue becomes a line to
 * translate, speak and fit, so 2,000 cues on a 3 s clip meant minutes of work for nothing.
 * Real subtitles stay far below: about one cue every 2-3 s, two lines of 42 characters.
 */
export const CUE_LIMITS = {
  /** Characters in one cue (a paragraph-long transcript cue still fits). */
  maxCharacters: 1000,
  /** Cues per second of media, plus a few for very short clips. */
  perSecond: 1,
  extra: 10,
} as const;

export interface SourceCues {
  /** The cues inside the media, their ends clipped to it, sorted by start. */
  cues: Cue[];
  /** Cues that start at or after the end of the media (left out). */
  droppedAfterEnd: number;
}

/**
 * The cues of a subtitle source that fall inside media of `durationSeconds`, within the limits.
 * Throws BadInput naming the limit and the offending cue, or NoSpeech when no cue is inside.
 */
export function sourceCues(text: string, durationSeconds: number): SourceCues {
  const all = parseSubtitles(text);
  const inside = all
    .filter((cue) => cue.start < durationSeconds)
    .map((cue) => ({ ...cue, end: Math.min(cue.end, durationSeconds) }));
  if (inside.length === 0) {
    throw new NoSpeech('No subtitle cue falls inside the media: check that the subtitles belong to this file.');
  }
  const tooLong = inside.findIndex((cue) => [...cue.text].length > CUE_LIMITS.maxCharacters);
  if (tooLong >= 0) {
    const cue = inside[tooLong]!;
    throw new BadInput(
      `Subtitle cue ${tooLong + 1} (at ${formatTimestamp(cue.start, ',')}) has ${[...cue.text].length} characters: ` +
        `at most ${CUE_LIMITS.maxCharacters} are accepted in one cue.`,
    );
  }
  const allowed = Math.floor(durationSeconds * CUE_LIMITS.perSecond) + CUE_LIMITS.extra;
  if (inside.length > allowed) {
    throw new BadInput(
      `The subtitles have ${inside.length} cues for ${Math.round(durationSeconds * 10) / 10} s of media: ` +
        `at most ${allowed} are accepted (one a second, plus ${CUE_LIMITS.extra}). Check that they belong to this file.`,
    );
  }
  return { cues: inside, droppedAfterEnd: all.length - inside.length };
}

/** The warning for cues left out because they start after the media ends. */
export function droppedCuesWarning(count: number, durationSeconds: number): string {
  const cues = count === 1 ? '1 subtitle cue starts' : `${count} subtitle cues start`;
  return `${cues} after the media ends (at ${formatTimestamp(durationSeconds, ',')}) and ${count === 1 ? 'was' : 'were'} left out.`;
}
