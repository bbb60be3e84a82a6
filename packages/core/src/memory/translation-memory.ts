import type { LanguageCode } from '../languages.js';

/**
 * How alike a remembered source line must be to a new one (0-1, by characters after
 * normalising, see similarityOf) for its translation to be offered beside the new line as a
 * suggestion. 0.75 is where a line differs by a word or two in ten (a name, a number, a tense):
 * the remembered translation is then worth a look, not yet worth taking as it is.
 */
export const SUGGESTION_SIMILARITY = 0.75;

/** A line a creator corrected once: its source text, their translation, and when. */
export interface RememberedLine {
  sourceLanguage: LanguageCode;
  targetLanguage: LanguageCode;
  source: string;
  target: string;
  /** ISO time of the correction. */
  updatedAt: string;
}

/** The memory's answer for a new line: the same line (exact), or the closest alike one. */
export interface MemoryMatch {
  kind: 'exact' | 'suggestion';
  line: RememberedLine;
  /** 1 for an exact match. */
  similarity: number;
}

/** Where translations corrected by creators are kept and looked up (the job store's memory). */
export interface TranslationMemoryPort {
  /** The best remembered line for `text` in this pair: exact, or at least SUGGESTION_SIMILARITY alike. */
  match(pair: { source: LanguageCode; target: LanguageCode }, text: string): Promise<MemoryMatch | undefined>;
}

/**
 * A line as the memory compares it: letters and digits only, lower case, one space between
 * words (so "Hello, world!" and "hello world" are the same line). Unicode-aware: accents and
 * CJK characters stay; Unicode case folding where the language has case.
 */
export function normaliseForMemory(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** 1 - edit distance / longer length, over the normalised lines' characters (1: the same line). */
export function similarityOf(a: string, b: string): number {
  const [x, y] = [[...normaliseForMemory(a)], [...normaliseForMemory(b)]];
  const longer = Math.max(x.length, y.length);
  if (longer === 0) return 1;
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return 1 - previous[y.length]! / longer;
}
