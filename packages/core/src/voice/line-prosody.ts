import type { LanguageCode } from '../languages.js';
import type { Word } from '../timeline.js';
import { countSyllables } from './syllables.js';
import { activeLevels, quantileOf, voicedHz } from './track-math.js';
import type { LineProsody, Pause, ProsodyTrack } from './voice-types.js';

/** A gap between words at least this long is a pause worth keeping. */
export const MIN_PAUSE_SECONDS = 0.2;
/** Lines with less voiced speech than this have no pitch worth measuring. */
export const MIN_VOICED_SECONDS = 0.25;
/** A quiet stretch inside a line at least this long is a pause (when there are no word times). */
const MIN_QUIET_PAUSE_SECONDS = 0.25;
const QUIET_BELOW_PEAK_DB = 30;

export interface SourceLine {
  /** Seconds in the source. */
  start: number;
  end: number;
  text: string;
  words: readonly Word[];
  language: LanguageCode;
}

/** Pitch, level, rate and pauses of one source line, from its track and its words. */
export function measureLine(line: SourceLine, track: ProsodyTrack): LineProsody {
  const f0 = voicedHz(track);
  const voicedSeconds = f0.length * track.hopSeconds;
  const levels = activeLevels(track);
  const pauses = line.words.length >= 2 ? pausesBetweenWords(line) : quietPauses(track);
  const spoken = speakingSeconds(line, track) - pauses.reduce((sum, pause) => sum + pause.seconds, 0);
  const syllables = countSyllables(line.text, line.language);
  const prosody: LineProsody = { voicedSeconds: round(voicedSeconds, 2), pauses };
  if (voicedSeconds >= MIN_VOICED_SECONDS) {
    prosody.f0MedianHz = round(quantileOf(f0, 0.5), 1);
    prosody.f0RangeSemitones = round(12 * Math.log2(quantileOf(f0, 0.9) / quantileOf(f0, 0.1)), 2);
  }
  if (levels.length > 0) prosody.loudnessDb = round(levels.reduce((a, b) => a + b, 0) / levels.length, 1);
  if (syllables > 0 && spoken > 0.3) prosody.syllablesPerSecond = round(syllables / spoken, 2);
  return prosody;
}

function pausesBetweenWords(line: SourceLine): Pause[] {
  const words = line.words.filter((word) => !word.approximate);
  const pauses: Pause[] = [];
  for (let i = 1; i < words.length; i++) {
    const gap = words[i]!.start - words[i - 1]!.end;
    if (gap >= MIN_PAUSE_SECONDS) pauses.push({ at: round(words[i - 1]!.end - line.start, 2), seconds: round(gap, 2) });
  }
  return pauses;
}

/** Quiet runs inside the line (not at its edges), from the level track. */
function quietPauses(track: ProsodyTrack): Pause[] {
  const levels = Array.from(track.energyDb);
  const peak = Math.max(-100, ...levels);
  const loud = levels.map((db) => db > peak - QUIET_BELOW_PEAK_DB);
  const first = loud.indexOf(true);
  const last = loud.lastIndexOf(true);
  const pauses: Pause[] = [];
  let runStart = -1;
  for (let i = first; i <= last && first >= 0; i++) {
    if (!loud[i] && runStart < 0) runStart = i;
    if (loud[i] && runStart >= 0) {
      const seconds = (i - runStart) * track.hopSeconds;
      if (seconds >= MIN_QUIET_PAUSE_SECONDS)
        pauses.push({ at: round(runStart * track.hopSeconds, 2), seconds: round(seconds, 2) });
      runStart = -1;
    }
  }
  return pauses;
}

/** From the first word (or loud frame) to the last. */
function speakingSeconds(line: SourceLine, track: ProsodyTrack): number {
  if (line.words.length > 0) return line.words.at(-1)!.end - line.words[0]!.start;
  const levels = Array.from(track.energyDb);
  const peak = Math.max(-100, ...levels);
  const first = levels.findIndex((db) => db > peak - QUIET_BELOW_PEAK_DB);
  const last = levels.findLastIndex((db) => db > peak - QUIET_BELOW_PEAK_DB);
  return first < 0 ? 0 : (last - first + 1) * track.hopSeconds;
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
