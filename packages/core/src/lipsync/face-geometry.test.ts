import { describe, expect, it } from 'vitest';
import { faceProblem, looksLikeFace, measureFace } from './face-geometry.js';
import type { Point } from './similarity-transform.js';
import { syntheticFace } from './synthetic-face.js';

const frame = { width: 640, height: 360 };

describe('face geometry', () => {
  it('measures a mouth opening in proportion to the face', () => {
    const shut = measureFace(syntheticFace(320, 180, 200, 0));
    const open = measureFace(syntheticFace(320, 180, 200, 30));
    const openLarger = measureFace(syntheticFace(320, 180, 400, 60));
    expect(shut.openness).toBeCloseTo(0, 6);
    expect(open.openness).toBeGreaterThan(0.2);
    expect(openLarger.openness).toBeCloseTo(open.openness, 5);
    expect(Math.abs(open.yaw)).toBeLessThan(0.05);
  });

  it('takes a well-laid face as a face and a jumble as none', () => {
    const face = syntheticFace(320, 180, 200);
    expect(looksLikeFace(face, measureFace(face))).toBe(true);
    const upsideDown = face.map((p) => ({ x: p.x, y: 360 - p.y }));
    expect(looksLikeFace(upsideDown, measureFace(upsideDown))).toBe(false);
  });

  it('names what is wrong with a face for a new mouth', () => {
    const check = (points: Point[], widths: number[] = [200]) =>
      faceProblem(measureFace(points), points, widths, frame);
    expect(check(syntheticFace(320, 180, 200))).toBeUndefined();
    expect(faceProblem(undefined, undefined, [], frame)).toBe('no-face');
    expect(check(syntheticFace(320, 180, 30), [30])).toBe('face-too-small');
    expect(check(syntheticFace(320, 180, 200, 0, 0.6))).toBe('profile');
    expect(check(syntheticFace(320, 330, 200))).toBe('off-screen');
    expect(check(syntheticFace(320, 180, 200), [200, 190])).toBe('several-faces');
    // A small face in the background does not make the speaker unclear.
    expect(check(syntheticFace(320, 180, 200), [200, 60])).toBeUndefined();
  });
});
