import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { syntheticFace, type Box, type FrameRange, type Point, type VideoFrame } from '@voxlate/core';
import type { DetectedFace, FaceLandmarker } from '../face-landmarker.js';
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

/** The one face of the scene below: its jaw 240 px wide, centred at (640, 360). */
const FACE = { cx: 640, cy: 360, size: 240 };
/** A face's jaw spans this share of face-api's box when the box sits on it. */
const JAW_SHARE = 0.75;

/**
 * A landmarker over a still scene of one face, whose detector boxes the chin instead at frame
 * 12. Like face-api's landmark net, which answers for any box: on a box around the face it gives
 * the face; on a box that slid off it, a face squeezed into the box (0.6 of its width).
 */
function chinAtFrame12(): FaceLandmarker {
  const side = FACE.size / JAW_SHARE;
  const onFace: Box = { x: FACE.cx - side / 2, y: FACE.cy - side / 2, width: side, height: side };
  const onChin: Box = { ...onFace, y: onFace.y + 90, width: side * 0.9, height: side * 0.9 };
  return {
    id: 'scene',
    kind: 'offline',
    name: 'a still face',
    detect: (frame: VideoFrame): Promise<DetectedFace[]> =>
      Promise.resolve([{ box: frame.index === 12 ? onChin : onFace, score: 0.9 }]),
    landmarks: (_frame: VideoFrame, box: Box): Promise<Point[]> => {
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      const onIt = Math.hypot(x - FACE.cx, y - FACE.cy) < 0.1 * FACE.size;
      return Promise.resolve(
        onIt ? syntheticFace(FACE.cx, FACE.cy, FACE.size, 20) : syntheticFace(x, y, 0.6 * box.width, 8),
      );
    },
    describe: (): Promise<Float32Array> => Promise.resolve(new Float32Array(128)),
    close: () => Promise.resolve(),
  };
}

describe('analyseFrames', () => {
  it('banks no mouth from frames whose landmarks were squeezed into a box that slid off the face', async () => {
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
    const analysis = await analyseFrames(job, [chinAtFrame12()], {});
    const banked =
      analysis.banks
        .get(0)
        ?.mouths()
        .map((mouth) => mouth.frame) ?? [];
    expect(banked.length).toBeGreaterThan(0);
    // From frame 12 to the next detection at 24, the track follows the chin's box.
    expect(banked.filter((frame) => frame >= 12 && frame < 24)).toEqual([]);
  });
});
