import { describe, expect, it } from 'vitest';
import { isDoubtful, readScoredWords } from './doubtful-words.js';

describe('the doubt on a pocketsphinx word', () => {
  it('doubts a word whose posterior is under 0.5', () => {
    expect(isDoubtful(0.9)).toBe(false);
    expect(isDoubtful(0.3)).toBe(true);
    expect(isDoubtful(0.49)).toBe(true);
    expect(isDoubtful(0.5)).toBe(false);
  });

  it('reads the decoder’s scored words into words with their posterior and doubt', () => {
    const span = readScoredWords({
      words: [
        ['many', 4.85, 5.07, 0.035, -41496, -471],
        ['watts', 5.07, 5.69, 0.039, -23115, -635],
        ['made', 3.22, 3.55, 1, -20822, -326],
      ],
    });
    expect(span.text).toBe('many watts made');
    expect(span.words).toEqual([
      { text: 'many', start: 4.85, end: 5.07, confidence: 0.035, unsure: true },
      { text: 'watts', start: 5.07, end: 5.69, confidence: 0.039, unsure: true },
      { text: 'made', start: 3.22, end: 3.55, confidence: 1, unsure: false },
    ]);
  });
});
