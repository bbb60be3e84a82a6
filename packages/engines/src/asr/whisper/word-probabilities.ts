import type { Word } from '@voxlate/core';
import type { ScoredToken } from './token-probabilities.js';

/** Text from token ids, as the model's tokenizer decodes them. */
export type DecodeTokens = (ids: number[]) => string;

/**
 * Each word with its confidence: the mean probability of the tokens that spell it (as
 * openai-whisper gives word probabilities). Words are matched to the recorded tokens by their
 * text, in order; where a pass's tokens stop matching, matching goes on at the next pass (the
 * seek loop decodes an unfinished segment again). Once a word cannot be matched (overlapping
 * 30-second chunks merged by the pipeline), it and the words after it keep no confidence:
 * nothing is claimed that was not measured.
 */
export function withWordProbabilities(
  words: readonly Word[],
  passes: readonly ScoredToken[][],
  decode: DecodeTokens,
): Word[] {
  const cursor = { pass: 0, token: 0 };
  let lost = false;
  return words.map((word) => {
    if (lost) return word;
    const tokens = takeWord(word.text, passes, cursor, decode);
    if (!tokens) {
      lost = true;
      return word;
    }
    const mean = tokens.reduce((sum, token) => sum + token.probability, 0) / tokens.length;
    return { ...word, confidence: Math.round(mean * 1000) / 1000 };
  });
}

/** The tokens spelling `text` from the cursor on (or from the next pass's start), moving the cursor past them. */
function takeWord(
  text: string,
  passes: readonly ScoredToken[][],
  cursor: { pass: number; token: number },
  decode: DecodeTokens,
): ScoredToken[] | undefined {
  const wanted = squeezed(text);
  if (wanted === '') return undefined;
  for (const start of [cursor, { pass: cursor.pass + 1, token: 0 }]) {
    const tokens = passes[start.pass];
    if (!tokens) continue;
    const end = spellingEnd(wanted, tokens, start.token, decode);
    if (end !== undefined) {
      const spelling = tokens.slice(start.token, end);
      cursor.pass = start.pass;
      cursor.token = end;
      return spelling;
    }
  }
  return undefined;
}

/** Where the run of tokens from `from` that spells `wanted` ends, if one does. */
function spellingEnd(
  wanted: string,
  tokens: readonly ScoredToken[],
  from: number,
  decode: DecodeTokens,
): number | undefined {
  const ids: number[] = [];
  for (let i = from; i < tokens.length; i++) {
    ids.push(tokens[i]!.id);
    const spelled = squeezed(decode(ids));
    if (spelled === wanted) return i + 1;
    // A character split over tokens decodes to U+FFFD until its last byte comes.
    if (!wanted.startsWith(spelled.replace(/\uFFFD+$/u, ''))) return undefined;
  }
  return undefined;
}

/** Text without its white space: the pipeline trims words and joins tokens around spaces. */
function squeezed(text: string): string {
  return text.replace(/\s+/gu, '');
}
