import { DEFAULT_UNSURE_BELOW, type Word } from '@voxlate/core';
import type { LineReader } from '../decoder-process.js';

/**
 * Whether pocketsphinx's word is more likely wrong than right: its posterior under 0.5 (the
 * threshold every recogniser's confidence is judged by).
 * Measured by `npm run eval -- --only review` on two held-out sets of real English speech
 * (channel names and TIMIT's sa1; KTuberling's words said alone): recall 56 % and 61 %, precision
 * 83 % and 93 %. The rule it replaces (a word unlikely to the language model AND poorly matched
 * or under 0.5, set on the tuning recordings' 12 wrong words) reached 33 % and 42 % there. On the
 * clean read speech of the tuning recordings, which pocketsphinx gets nearly right, the posterior
 * flags more right words (precision 25 % against 55 %): the cost of a rule that carries over.
 * The language model's and acoustic scores stay in the decoder's answer, unused.
 */
export function isDoubtful(posterior: number): boolean {
  return posterior < DEFAULT_UNSURE_BELOW;
}

/**
 * The decoder's words for a line, `[text, start, end, posterior, acoustic per frame, language]`,
 * as words with their posterior as confidence and the doubt it gives.
 */
export const readScoredWords: LineReader = (reply) => {
  const scored = reply['words'] as [string, number, number, number, number, number][];
  const words: Word[] = scored.map(([text, start, end, confidence]) => ({
    text,
    start,
    end,
    confidence,
    unsure: isDoubtful(confidence),
  }));
  return { text: words.map((word) => word.text).join(' '), words };
};
