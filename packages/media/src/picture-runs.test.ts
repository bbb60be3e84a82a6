import { describe, expect, it } from 'vitest';
import { cleanCuts, pictureRuns, type StreamPacket } from './picture-runs.js';

/** Packets in decode order from display indices; `idr` marks the IDR pictures. */
const packets = (order: number[], idr: number[]): StreamPacket[] =>
  order.map((shown) => ({ pts: shown * 512, idr: idr.includes(shown) }));

describe('cleanCuts', () => {
  it('cuts at IDR pictures that every earlier frame is decoded before (B-frames reordered inside each group)', () => {
    // I0 P3 B1 B2 | I4 P7 B5 B6: closed groups.
    expect(cleanCuts(packets([0, 3, 1, 2, 4, 7, 5, 6], [0, 4]))).toEqual([4]);
  });

  it('does not cut at a keyframe with leading pictures after it (an open group)', () => {
    // I0 P3 B1 B2 I6 B4 B5 P9 B7 B8: B4 and B5 come after I6 but are shown before it.
    expect(cleanCuts(packets([0, 3, 1, 2, 6, 4, 5, 9, 7, 8], [0, 6]))).toEqual([]);
  });

  it('does not cut at a keyframe that is not an IDR picture', () => {
    expect(cleanCuts(packets([0, 1, 2, 3, 4, 5], [0]))).toEqual([]);
  });
});

describe('pictureRuns', () => {
  it('joins neighbouring groups with the same fate and counts them', () => {
    expect(pictureRuns([10, 20, 30, 40], 50, [12, 25, 41])).toEqual([
      { first: 0, end: 10, encode: false, groups: 1 },
      { first: 10, end: 30, encode: true, groups: 2 },
      { first: 30, end: 40, encode: false, groups: 1 },
      { first: 40, end: 50, encode: true, groups: 1 },
    ]);
  });

  it('encodes the last group for a held last frame even when nothing in it changed', () => {
    expect(pictureRuns([10], 20, [], true)).toEqual([
      { first: 0, end: 10, encode: false, groups: 1 },
      { first: 10, end: 20, encode: true, groups: 1 },
    ]);
  });
});
