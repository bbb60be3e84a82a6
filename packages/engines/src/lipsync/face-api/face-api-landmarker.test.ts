import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { looksLikeFace, measureFace, type VideoFrame } from '@voxlate/core';
import { FaceApiLandmarker } from './face-api-landmarker.js';

/** Real faces from Debian packages (unpacked by setup): a close-up and a small webcam inset. */
const media = (path: string): string =>
  fileURLToPath(new URL(`../../../../../.cache/debian-media/${path}`, import.meta.url));
const CLOSE_UP = media('kphotoalbum/movie.avi');
const WEBCAM = media('forensics-samples-files/movie-hello.mp4');

/** One RGB frame that ffmpeg decodes from `input` (a file, or a lavfi source with `-f lavfi`). */
function rgbFrame(input: string[], width: number, height: number): VideoFrame {
  const args = ['-v', 'error', ...input, '-frames:v', '1', '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-'];
  return { index: 0, width, height, pixels: new Uint8Array(execFileSync('ffmpeg', args, { maxBuffer: 1 << 26 })) };
}

const frameAt = (file: string, seconds: number, width: number, height: number): VideoFrame =>
  rgbFrame(['-ss', `${seconds}`, '-i', file], width, height);
const testPattern = (): VideoFrame => rgbFrame(['-f', 'lavfi', '-i', 'testsrc2=size=320x240'], 320, 240);

describe('FaceApiLandmarker', () => {
  // First: the backend is loaded once per process, by whichever test comes first.
  it('leaves no process-wide handlers behind, and finds no face in a test pattern', async () => {
    const handlers = [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
    const landmarker = await FaceApiLandmarker.create();
    expect(await landmarker.detect(testPattern())).toEqual([]);
    expect([process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')]).toEqual(handlers);
  });

  it('finds a close-up face and a 90-pixel webcam face, with landmarks laid out as a face', async () => {
    const landmarker = await FaceApiLandmarker.create();
    for (const frame of [frameAt(CLOSE_UP, 1, 160, 120), frameAt(WEBCAM, 2, 1280, 720)]) {
      const [face, ...others] = await landmarker.detect(frame);
      expect(face).toBeDefined();
      expect(others).toEqual([]);
      const points = await landmarker.landmarks(frame, face!.box);
      expect(points).toHaveLength(68);
      expect(looksLikeFace(points, measureFace(points))).toBe(true);
    }
  });

  it('tells one person from another by their descriptors', async () => {
    const landmarker = await FaceApiLandmarker.create();
    const describe = async (frame: VideoFrame): Promise<Float32Array> =>
      landmarker.describe(frame, (await landmarker.detect(frame))[0]!.box);
    const [a, b, other] = await Promise.all([
      describe(frameAt(CLOSE_UP, 0.5, 160, 120)),
      describe(frameAt(CLOSE_UP, 3.5, 160, 120)),
      describe(frameAt(WEBCAM, 2, 1280, 720)),
    ]);
    const distance = (x: Float32Array, y: Float32Array): number => Math.hypot(...x.map((v, i) => v - y[i]!));
    expect(distance(a, b)).toBeLessThan(0.55);
    expect(distance(a, other)).toBeGreaterThan(0.55);
  });
});

describe('FaceApiLandmarker in a child process', () => {
  it('finds the same face and landmarks as in this process', async () => {
    const frame = frameAt(CLOSE_UP, 1, 160, 120);
    const here = await FaceApiLandmarker.create();
    const child = await FaceApiLandmarker.create('child');
    try {
      const [near, far] = await Promise.all([here.detect(frame), child.detect(frame)]);
      expect(far).toHaveLength(1);
      expect(far[0]!.box.x).toBeCloseTo(near[0]!.box.x, 3);
      const [a, b] = await Promise.all([here.landmarks(frame, near[0]!.box), child.landmarks(frame, near[0]!.box)]);
      expect(Math.max(...a.map((p, i) => Math.hypot(p.x - b[i]!.x, p.y - b[i]!.y)))).toBeLessThan(0.01);
      const descriptor = await child.describe(frame, near[0]!.box);
      expect(descriptor).toHaveLength(128);
    } finally {
      await child.close();
    }
  }, 60_000);
});
