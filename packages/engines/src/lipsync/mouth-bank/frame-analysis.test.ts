import { describe, expect, it } from 'vitest';
import { readingSpans, splitRanges } from './frame-analysis.js';

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

describe('splitRanges on a video that talks only at its start', () => {
  it('shares the speech, not the frames, between the cores', () => {
    // Speech in frames 0-199 (a pause at 95-104), silence to 600.
    const speaking = (frame: number): boolean => frame < 200 && (frame < 95 || frame >= 105);
    expect(splitRanges(600, 2, speaking)).toEqual([
      { first: 0, end: 95 },
      { first: 95, end: Number.POSITIVE_INFINITY },
    ]);
  });
});

describe('readingSpans', () => {
  it('reads the frames near speech, across short gaps, and skips long ones', () => {
    const speaking = (frame: number): boolean =>
      (frame >= 10 && frame < 20) || (frame >= 30 && frame < 40) || frame >= 200;
    expect(readingSpans(250, speaking, 50)).toEqual([
      { first: 10, end: 40 },
      { first: 200, end: Number.POSITIVE_INFINITY },
    ]);
    expect(readingSpans(250, speaking, 5)).toEqual([
      { first: 10, end: 20 },
      { first: 30, end: 40 },
      { first: 200, end: Number.POSITIVE_INFINITY },
    ]);
    expect(readingSpans(250, () => false, 5)).toEqual([]);
  });
});
