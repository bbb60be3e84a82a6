import { describe, expect, it } from 'vitest';
import { splitRanges } from './frame-analysis.js';

describe('splitRanges', () => {
  it('cuts where nobody speaks, near each share of the video, the last stretch open-ended', () => {
    // Speech in frames 0-99 and 110-299: the only pause is 100-109.
    const speaking = (frame: number): boolean => frame < 100 || (frame >= 110 && frame < 300);
    expect(splitRanges(300, 2, speaking)).toEqual([
      { first: 0, end: 109 },
      { first: 109, end: Number.POSITIVE_INFINITY },
    ]);
    expect(splitRanges(300, 1, speaking)).toEqual([{ first: 0, end: Number.POSITIVE_INFINITY }]);
  });

  it('cuts at the share itself when speech never pauses nearby', () => {
    expect(splitRanges(400, 2, () => true)).toEqual([
      { first: 0, end: 200 },
      { first: 200, end: Number.POSITIVE_INFINITY },
    ]);
  });
});
