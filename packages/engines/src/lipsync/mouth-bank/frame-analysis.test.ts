import { describe, expect, it } from 'vitest';
import { nearSpans, splitRanges } from './frame-analysis.js';

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

describe('nearSpans', () => {
  const speech = [
    { start: 10, end: 12, speaker: 'S1' },
    { start: 2, end: 6, speaker: 'S1' },
    { start: 12.5, end: 13, speaker: 'S2' },
  ];
  const dub = (start: number, end: number) => ({ segmentId: 0, speaker: 'S1', start, end, phonemes: [] });

  it('looks at each line and the room its dub may take, whatever the language', () => {
    // 2-6 s gets 2 s of room (half its length), 10-12 s is cut at the next line, 12.5-13 s gets 1 s.
    const heard = [
      [1.75, 8.25],
      [9.75, 14.25],
    ];
    expect(nearSpans({ speech, lines: [] })).toEqual(heard);
    // Dubs of other lengths inside the room look at the same frames.
    expect(nearSpans({ speech, lines: [dub(2, 7.9), dub(10, 12.4), dub(12.5, 13.9)] })).toEqual(heard);
    expect(nearSpans({ speech, lines: [dub(2.2, 5)] })).toEqual(heard);
  });

  it('adds a dub that runs past its room', () => {
    expect(nearSpans({ speech, lines: [dub(2, 9)] })).toEqual([
      [1.75, 9.25],
      [9.75, 14.25],
    ]);
    expect(nearSpans({ speech, lines: [dub(20, 21)] })).toEqual([
      [1.75, 8.25],
      [9.75, 14.25],
      [19.75, 21.25],
    ]);
  });
});
