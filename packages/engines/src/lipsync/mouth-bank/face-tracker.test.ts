import { describe, expect, it } from 'vitest';
import { centroid, distance, syntheticFace, type Point } from '@voxlate/core';
import type { FaceLandmarker } from '../face-landmarker.js';
import { boxOn, sceneLandmarker, type SceneFace } from '../test/scene-landmarker.js';
import { FaceIdentities } from './face-identities.js';
import { FaceTracker } from './face-tracker.js';

async function followed(landmarker: FaceLandmarker, frames: number): Promise<(Point[] | undefined)[]> {
  const tracker = new FaceTracker(landmarker, new FaceIdentities());
  const seen: (Point[] | undefined)[] = [];
  for (let index = 0; index < frames; index++) {
    const frame = { index, width: 1280, height: 720, pixels: new Uint8Array(0) };
    seen.push((await tracker.observe(frame, index === 0)).points);
  }
  return seen;
}

/** How far landmarks lie from the face's own (centre), pixels; Infinity where none were found. */
function offFace(points: Point[] | undefined, face: SceneFace): number {
  return points ? distance(centroid(points), centroid(syntheticFace(face.cx, face.cy, face.size, 20))) : Infinity;
}

describe('FaceTracker', () => {
  it('keeps to the face when a re-detection boxes its chin (the box it was followed by is looked in again)', async () => {
    // A still face; the detection at frame 12 slid 90 px down (movie-hello.mp4 at 720p, frame 64).
    const face = { cx: 560, cy: 340, size: 230 };
    const chin = { ...boxOn(face), y: boxOn(face).y + 90 };
    const seen = await followed(
      sceneLandmarker(
        () => face,
        (frame) => (frame === 12 ? chin : undefined),
      ),
      24,
    );
    for (const points of seen) expect(offFace(points, face)).toBeLessThan(2);
  });

  it('looks for the face again when it left the box it was followed in', async () => {
    // The face drops 60 px at frame 5, between two detections (0 and 12).
    const faceAt = (frame: number): SceneFace => ({ cx: 560, cy: frame < 5 ? 340 : 400, size: 230 });
    const seen = await followed(sceneLandmarker(faceAt), 12);
    for (const [frame, points] of seen.entries()) expect(offFace(points, faceAt(frame))).toBeLessThan(2);
  });
});
