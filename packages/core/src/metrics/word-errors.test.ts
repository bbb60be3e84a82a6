import { describe, expect, it } from 'vitest';
import { wordErrorRate, wordErrors } from './word-errors.js';

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
