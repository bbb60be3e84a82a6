import type { Word } from '@voxlate/core';
import type { LineReader } from '../decoder-process.js';

/** A word's scores in the decoder's log units: acoustic per 10 ms frame, and the language model's. */
export interface WordScores {
  acousticPerFrame: number;
  language: number;
}

/**
 * Whether pocketsphinx's word is more likely wrong than right. Its posterior alone is poorly
 * calibrated (on the reference recordings, words it got wrong had a median of 0.60, right ones
 * 0.89, and 0.5 flagged 25 % wrong words): a word is doubted when the language model found it
 * unlikely where it stands AND the sound does not clearly support it (a poor acoustic match per
 * frame, or a low posterior). Measured by `npm run eval -- --only review`, with the thresholds
 * set on those same 92 words (no held-out English recordings with transcripts ship here).
 */
export function isDoubtful(scores: WordScores, posterior: number): boolean {
  const unlikelyHere = scores.language < -550;
  const poorlyHeard = scores.acousticPerFrame < -33000 || posterior < 0.5;
  return unlikelyHere && poorlyHeard;
}

/**
 * The decoder's words for a line, `[text, start, end, posterior, acoustic per frame, language]`,
 * as words with their posterior as confidence and the doubt it and the scores give.
 */
export const readScoredWords: LineReader = (reply) => {
  const scored = reply['words'] as [string, number, number, number, number, number][];
  const words: Word[] = scored.map(([text, start, end, confidence, acousticPerFrame, language]) => ({
    text,
    start,
    end,
    confidence,
    unsure: isDoubtful({ acousticPerFrame, language }, confidence),
  }));
  return { text: words.map((word) => word.text).join(' '), words };
};
