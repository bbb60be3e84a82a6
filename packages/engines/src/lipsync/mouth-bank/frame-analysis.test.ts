import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Box, FrameRange, VideoFrame } from '@voxlate/core';
import { boxOn, sceneLandmarker, type SceneFace } from '../test/scene-landmarker.js';
import { analyseFrames, readingSpans, splitRanges } from './frame-analysis.js';

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

describe('analyseFrames', () => {
  it('banks no mouth from frames whose landmarks stayed squeezed into a box off the face', async () => {
    // The face drops 100 px at frame 12 and the detector boxes its chin from then on: neither
    // the box it was followed by nor a new detection sits on it.
    const faceAt = (frame: number): SceneFace => ({ cx: 640, cy: frame < 12 ? 360 : 460, size: 240 });
    const chinAt = (frame: number): Box | undefined =>
      frame < 12 ? undefined : { ...boxOn(faceAt(frame)), y: boxOn(faceAt(frame)).y + 90 };
    const frames = 30;
    const pixels = new Uint8Array(1280 * 720 * 3).fill(128);
    const job = {
      video: { fps: 10, frames },
      lines: [{ segmentId: 1, speaker: 'S1', start: 0, end: 3, phonemes: [] }],
      speech: [{ start: 0, end: 3, speaker: 'S1' }],
      // A still picture: every frame the same pixels (the reader's frames are read one at a time).
      readFrames: (range?: FrameRange): AsyncIterable<VideoFrame> => {
        const first = range?.first ?? 0;
        const end = Math.min(frames, range?.end ?? frames);
        return Readable.from(
          Array.from({ length: end - first }, (_, k) => ({ index: first + k, width: 1280, height: 720, pixels })),
        );
      },
    };
    const analysis = await analyseFrames(job, [sceneLandmarker(faceAt, chinAt)], {});
    const banked =
      analysis.banks
        .get(0)
        ?.mouths()
        .map((mouth) => mouth.frame) ?? [];
    expect(banked.length).toBeGreaterThan(0);
    expect(banked.filter((frame) => frame >= 12)).toEqual([]);
  });
});
