import type { Word } from '@voxlate/core';

/**
 * How far past its speech (or its window's audio) a word may reach before moving it counts as a
 * correction: Whisper's last word often runs on a little; a misaligned one runs on far more.
 */
export const WORD_OVERRUN_SECONDS = 0.5;

/**
 * The longest a word may plausibly last: a second and a quarter for the word plus a fifth of a
 * second per character (long German compounds, clause-long Chinese "words" in transformers.js).
 * Aligners that lose track produce words of tens of seconds; those are cut to this.
 */
export function longestPlausible(text: string): number {
  return 1.25 + 0.2 * [...text].length;
}

/**
 * A segment's text as words spread over the segment's time in proportion to their length, for
 * models that give segment timestamps only. Every word is marked approximate. Unspaced scripts
 * stay one word per segment, as transformers.js gives them.
 */
export function spreadOverSegment(text: string, start: number, end: number, unspaced: boolean): Word[] {
  const pieces = (unspaced ? [text.trim()] : text.trim().split(/\s+/)).filter((piece) => piece !== '');
  const weights = pieces.map((piece) => [...piece].length + 1);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const seconds = Math.max(end - start, 0);
  let at = start;
  return pieces.map((piece, i) => {
    const length = (seconds * weights[i]!) / total;
    const word: Word = { text: piece, start: at, end: at + length, approximate: true };
    at += length;
    return word;
  });
}

/**
 * Keeps measured words sane: in time order, none before the previous one's start, and none
 * longer than plausible. Words that had to move are marked approximate.
 */
export function settleWords(words: Word[]): void {
  let previousStart = -Infinity;
  for (const word of words) {
    let changed = false;
    if (word.start < previousStart) {
      word.start = previousStart;
      changed = true;
    }
    if (word.end < word.start) {
      word.end = word.start;
      changed = true;
    }
    const longest = longestPlausible(word.text);
    if (word.end - word.start > longest) {
      word.end = word.start + longest;
      changed = true;
    }
    if (changed) word.approximate = true;
    previousStart = word.start;
  }
}
