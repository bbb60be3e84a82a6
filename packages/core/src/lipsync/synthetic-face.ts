import type { Point } from './similarity-transform.js';

/**
 * A frontal face in the 68-point layout, `size` pixels across the jaw, centred at (cx, cy), with
 * the inner lips `gap` pixels apart and the nose shifted sideways by `turn` (a head turn): the
 * landmarks tests of face geometry and lip sync are made of.
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
