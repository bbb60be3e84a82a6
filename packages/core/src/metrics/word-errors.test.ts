import { describe, expect, it } from 'vitest';
import { hypothesisWordsRight, wordErrorRate, wordErrors } from './word-errors.js';

describe('word errors', () => {
  it('counts substitutions, insertions and deletions, ignoring case and punctuation', () => {
    expect(wordErrors('He was not an ill disposed young man.', 'he was not until disposed young man')).toEqual({
      errors: 2,
      words: 8,
    });
    expect(wordErrorRate('a b c', 'a b c')).toBe(0);
    expect(wordErrorRate('a b', 'x y z')).toBe(1.5);
  });
});

describe('hypothesisWordsRight', () => {
  it('marks substituted and inserted words wrong, and the rest right, after a deletion too', () => {
    expect(hypothesisWordsRight('go forward ten meters', 'go for word ten meters')).toEqual([
      true,
      false,
      false,
      true,
      true,
    ]);
    // "mr" is how a recogniser writes the transcript's "mister": right.
    expect(hypothesisWordsRight('and mister john dashwood had', 'mr john dashwood had')).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(hypothesisWordsRight('and mister john dashwood had', 'but john dashwood had')).toEqual([
      false,
      true,
      true,
      true,
    ]);
    expect(hypothesisWordsRight('a b c', '')).toEqual([]);
  });
});
