import { describe, expect, it } from 'vitest';
import { normaliseForMemory, similarityOf, SUGGESTION_SIMILARITY } from './translation-memory.js';

describe('what the translation memory counts as the same line', () => {
  it('ignores case, punctuation and spacing, in every script', () => {
    expect(normaliseForMemory('  Welcome back, to the CHANNEL!  ')).toBe('welcome back to the channel');
    expect(normaliseForMemory('你好，世界。')).toBe('你好 世界');
    expect(normaliseForMemory('Ça va ? Très bien.')).toBe('ça va très bien');
    expect(normaliseForMemory('Ｆｕｌｌ-width')).toBe('full width');
  });

  it('finds a word changed in a sentence alike, and another sentence not', () => {
    const dinner = 'Today we cook a simple dinner.';
    expect(similarityOf(dinner, 'today we cook a simple dinner')).toBe(1);
    expect(similarityOf(dinner, 'Today we cook a simple lunch.')).toBeGreaterThanOrEqual(SUGGESTION_SIMILARITY);
    expect(similarityOf(dinner, 'Tomorrow they bake bread.')).toBeLessThan(SUGGESTION_SIMILARITY);
    expect(similarityOf('', '')).toBe(1);
  });
});
