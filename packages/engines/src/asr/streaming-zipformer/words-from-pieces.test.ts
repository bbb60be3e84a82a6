import { describe, expect, it } from 'vitest';
import { spanOfPieces } from './words-from-pieces.js';

describe('spanOfPieces', () => {
  it('joins word pieces into lower-cased words timed from their first piece', () => {
    const span = spanOfPieces({
      text: ' HELLO WORLDWIDE',
      tokens: [' HE', 'LLO', ' WORLD', 'W', 'IDE'],
      timestamps: [0.2, 0.28, 0.6, 0.68, 0.72],
      ys_probs: [-0.01, -0.2, -0.05, -0.01, -0.7],
      seconds: 1.5,
    });
    expect(span.text).toBe('hello worldwide');
    expect(span.words.map((word) => word.text)).toEqual(['hello', 'worldwide']);
    expect(span.words[0]).toMatchObject({ start: 0.2, end: 0.6 });
    // The last word ends a little after its last piece, not at the end of the line's trailing silence.
    expect(span.words[1]!.start).toBe(0.6);
    expect(span.words[1]!.end).toBeCloseTo(0.72 + 0.36, 6);
    // A word is as sure as its least sure piece.
    expect(span.words[0]!.confidence).toBeCloseTo(Math.exp(-0.2), 6);
    expect(span.words[1]!.confidence).toBeCloseTo(Math.exp(-0.7), 6);
  });

  it('makes each Han character a word, and keeps the line text unspaced', () => {
    const span = spanOfPieces({
      text: '你好世界',
      tokens: ['你', '好', '世', '界'],
      timestamps: [0.1, 0.3, 0.5, 0.7],
      seconds: 0.9,
    });
    expect(span.text).toBe('你好世界');
    expect(span.words.map((word) => word.text)).toEqual(['你', '好', '世', '界']);
    expect(span.words.map((word) => word.end)).toEqual([0.3, 0.5, 0.7, 0.9]);
    // Greedy search gives no probabilities: no confidence is made up.
    expect(span.words[0]!.confidence).toBeUndefined();
  });

  it('gives no words for a line with none, and never ends a word past the line', () => {
    expect(spanOfPieces({ text: '', tokens: [], timestamps: [], seconds: 1 })).toEqual({ text: '', words: [] });
    const late = spanOfPieces({ text: ' OK', tokens: [' OK'], timestamps: [0.98], seconds: 1 });
    expect(late.words[0]).toMatchObject({ start: 0.98, end: 1 });
  });
});
