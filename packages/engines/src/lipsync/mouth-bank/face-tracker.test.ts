import { describe, expect, it } from 'vitest';
import { centroid, syntheticFace, type Box, type Point, type VideoFrame } from '@voxlate/core';
import type { DetectedFace, FaceLandmarker } from '../face-landmarker.js';
import { FaceIdentities } from './face-identities.js';
import { FaceTracker } from './face-tracker.js';

/** The jaw's width over the detector's box, as face-api's boxes sit on a face. */
const JAW_SHARE = 0.75;

/**
 * A landmarker over a scene with one face (`faceAt(frame)`): its detector boxes that face,
 * except in the frames `wrongBoxes` names, where its box has slid elsewhere; like the real
 * landmark net, it lays a face's landmarks into whatever box it is given, filling it.
 */
function sceneLandmarker(
  faceAt: (frame: number) => { cx: number; cy: number; size: number },
  wrongBoxes: ReadonlyMap<number, Box> = new Map(),
): FaceLandmarker {
  const boxOf = (face: { cx: number; cy: number; size: number }): Box => {
    const side = face.size / JAW_SHARE;
    return { x: face.cx - side / 2, y: face.cy - side / 2, width: side, height: side };
  };
  return {
    id: 'scene',
    kind: 'offline',
    name: 'a scene with one face',
    detect: (frame: VideoFrame): Promise<DetectedFace[]> =>
      Promise.resolve([{ box: wrongBoxes.get(frame.index) ?? boxOf(faceAt(frame.index)), score: 0.9 }]),
    landmarks: (_frame: VideoFrame, box: Box): Promise<Point[]> =>
      Promise.resolve(syntheticFace(box.x + box.width / 2, box.y + box.height / 2, box.width * JAW_SHARE)),
    describe: (): Promise<Float32Array> => Promise.resolve(new Float32Array(128)),
    close: () => Promise.resolve(),
  };
}

async function followed(landmarker: FaceLandmarker, frames: number): Promise<Point[]> {
  const tracker = new FaceTracker(landmarker, new FaceIdentities());
  const centres: Point[] = [];
  for (let index = 0; index < frames; index++) {
    const frame = { index, width: 1280, height: 720, pixels: new Uint8Array(0) };
    const seen = await tracker.observe(frame, index === 0);
    centres.push(seen.points ? centroid(seen.points) : { x: Number.NaN, y: Number.NaN });
  }
  return centres;
}

describe('FaceTracker', () => {
  it('keeps following the face when one re-detection boxes its chin instead', async () => {
    // The face holds still; the detection at frame 12 slid 90 px down and shrank (movie-hello.mp4 at 720p, frame 64).
    const still = (): { cx: number; cy: number; size: number } => ({ cx: 560, cy: 340, size: 230 });
    const chin = new Map([[12, { x: 420, y: 307, width: 285, height: 280 }]]);
    const centres = await followed(sceneLandmarker(still, chin), 24);
    const face = centroid(syntheticFace(560, 340, 230));
    for (const centre of centres) expect(Math.hypot(centre.x - face.x, centre.y - face.y)).toBeLessThan(5);
  });

  it('believes a second re-detection in a row: the face did change', async () => {
    // The face steps 30 % larger and 70 px down at frame 10, and stays so.
    const stepped = (frame: number): { cx: number; cy: number; size: number } =>
      frame < 10 ? { cx: 560, cy: 340, size: 230 } : { cx: 560, cy: 410, size: 300 };
    const centres = await followed(sceneLandmarker(stepped), 36);
    const face = centroid(syntheticFace(560, 410, 300));
    for (const centre of centres.slice(24)) expect(Math.hypot(centre.x - face.x, centre.y - face.y)).toBeLessThan(5);
  });
});
