import { describe, expect, it } from 'vitest';
import { faceProblem, looksLikeFace, measureFace } from './face-geometry.js';
import type { Point } from './similarity-transform.js';

/**
 * A frontal face in the 68-point layout, `size` pixels across the jaw, centred at (cx, cy), with
 * the inner lips `gap` pixels apart and the nose shifted sideways by `turn` (a head turn).
 */
export function syntheticFace(cx: number, cy: number, size: number, gap = 0, turn = 0): Point[] {
  const s = size / 2;
  const points: Point[] = Array.from({ length: 68 }, () => ({ x: cx, y: cy }));
  const set = (i: number, x: number, y: number): void => void (points[i] = { x: cx + x * s, y: cy + y * s });
  for (let i = 0; i <= 16; i++) {
    const angle = Math.PI * (i / 16);
    set(i, -Math.cos(angle), -0.1 + 0.9 * Math.sin(angle));
  }
  for (let i = 17; i <= 26; i++) set(i, -0.7 + (1.4 * (i - 17)) / 9, -0.55);
  for (let i = 27; i <= 30; i++) set(i, turn, -0.35 + 0.1 * (i - 27));
  for (let i = 31; i <= 35; i++) set(i, turn - 0.2 + 0.1 * (i - 31), 0.05);
  const eye = (first: number, x: number): void => {
    for (let k = 0; k < 6; k++)
      set(first + k, x + 0.15 * Math.cos((Math.PI * k) / 3), -0.35 + 0.05 * Math.sin((Math.PI * k) / 3));
  };
  eye(36, -0.4);
  eye(42, 0.4);
  const half = gap / 2 / s;
  for (let k = 0; k < 12; k++) {
    const angle = (Math.PI * 2 * k) / 12;
    set(48 + k, -0.35 * Math.cos(angle), 0.4 - (0.1 + half) * Math.sin(angle));
  }
  for (let k = 0; k < 8; k++) {
    const angle = (Math.PI * 2 * k) / 8;
    set(60 + k, -0.25 * Math.cos(angle), 0.4 - half * Math.sin(angle));
  }
  return points;
}

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
