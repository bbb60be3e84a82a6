import type { LanguageCode } from '../languages.js';
import type { Word } from '../timeline.js';
import { countSyllables } from './syllables.js';
import { activeLevels, loudestDb, meanLevel, quantile, roundTo, voicedValues } from './track-math.js';
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
  const f0 = voicedValues(track.f0Hz);
  const voicedSeconds = f0.length * track.hopSeconds;
  const loudnessDb = meanLevel(activeLevels(track));
  const loud = loudFrames(track);
  const pauses = line.words.length >= 2 ? pausesBetweenWords(line) : quietPauses(loud, track.hopSeconds);
  const spoken = speakingSeconds(line, loud, track.hopSeconds) - pauses.reduce((sum, pause) => sum + pause.seconds, 0);
  const syllables = countSyllables(line.text, line.language);
  const prosody: LineProsody = { voicedSeconds: roundTo(voicedSeconds, 2), pauses };
  if (voicedSeconds >= MIN_VOICED_SECONDS) {
    prosody.f0MedianHz = roundTo(quantile(f0, 0.5), 1);
    prosody.f0RangeSemitones = roundTo(12 * Math.log2(quantile(f0, 0.9) / quantile(f0, 0.1)), 2);
  }
  if (loudnessDb !== undefined) prosody.loudnessDb = roundTo(loudnessDb, 1);
  if (syllables > 0 && spoken > 0.3) prosody.syllablesPerSecond = roundTo(syllables / spoken, 2);
  return prosody;
}

function pausesBetweenWords(line: SourceLine): Pause[] {
  const words = line.words.filter((word) => !word.approximate);
  const pauses: Pause[] = [];
  for (let i = 1; i < words.length; i++) {
    const gap = words[i]!.start - words[i - 1]!.end;
    if (gap >= MIN_PAUSE_SECONDS)
      pauses.push({ at: roundTo(words[i - 1]!.end - line.start, 2), seconds: roundTo(gap, 2) });
  }
  return pauses;
}

/** Which frames are speech rather than quiet: within 30 dB of the line's loudest. */
function loudFrames(track: ProsodyTrack): boolean[] {
  const peak = loudestDb(track.energyDb);
  return Array.from(track.energyDb, (db) => db > peak - QUIET_BELOW_PEAK_DB);
}

/** Quiet runs inside the line (not at its edges). */
function quietPauses(loud: readonly boolean[], hopSeconds: number): Pause[] {
  const first = loud.indexOf(true);
  const last = loud.lastIndexOf(true);
  const pauses: Pause[] = [];
  let runStart = -1;
  for (let i = first; i <= last && first >= 0; i++) {
    if (!loud[i] && runStart < 0) runStart = i;
    if (loud[i] && runStart >= 0) {
      const seconds = (i - runStart) * hopSeconds;
      if (seconds >= MIN_QUIET_PAUSE_SECONDS)
        pauses.push({ at: roundTo(runStart * hopSeconds, 2), seconds: roundTo(seconds, 2) });
      runStart = -1;
    }
  }
  return pauses;
}

/** From the first word (or loud frame) to the last. */
function speakingSeconds(line: SourceLine, loud: readonly boolean[], hopSeconds: number): number {
  if (line.words.length > 0) return line.words.at(-1)!.end - line.words[0]!.start;
  const first = loud.indexOf(true);
  return first < 0 ? 0 : (loud.lastIndexOf(true) - first + 1) * hopSeconds;
}
