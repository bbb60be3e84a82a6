import { describe, expect, it } from 'vitest';
import { insideSpeechSync, wholeClipSync } from './lip-sync-metrics.js';

/** Two lines of speech (frames 10-40 and 60-90) with a syllable rhythm inside each. */
const level = Array.from({ length: 100 }, (_, t) => {
  const speaking = (t >= 10 && t < 40) || (t >= 60 && t < 90);
  return speaking ? 0.5 + 0.5 * Math.sin(t * 0.9) : 0;
});
const lines = [
  { first: 10, end: 40 },
  { first: 60, end: 90 },
];

describe('lip sync metrics', () => {
  it('score a mouth that follows the syllables, two frames late, high both ways', () => {
    const opening = level.map((_, t) => level[t - 2] ?? 0);
    expect(wholeClipSync(opening, level, 6)).toBeGreaterThan(0.95);
    expect(insideSpeechSync(opening, level, lines, 3)).toBeGreaterThan(0.95);
  });

  it('score a mouth that only moves while someone speaks well overall but not inside speech', () => {
    // Open through each line, with a rhythm of its own that has nothing to do with the words.
    const opening = level.map((value, t) => (value > 0 || level[t - 1]! > 0 ? 0.6 + 0.3 * Math.sin(t * 2.3 + 1) : 0));
    expect(wholeClipSync(opening, level, 6)).toBeGreaterThan(0.5);
    expect(Math.abs(insideSpeechSync(opening, level, lines, 3))).toBeLessThan(0.35);
  });

  it('leave out frames with no face', () => {
    const opening = level.map((value, t) => (t % 5 === 0 ? Number.NaN : value));
    expect(wholeClipSync(opening, level, 0)).toBeCloseTo(1, 6);
  });
});
