import type { Point } from '@voxlate/core';

/**
 * Landmarks kept for every analysed frame, x and y interleaved in a Float32Array: 544 bytes a
 * face instead of some 3.5 KB as 68 objects, so a 30-minute video's landmarks stay near 30 MB.
 */
export type PackedPoints = Float32Array;

export function packPoints(points: readonly Point[]): PackedPoints {
  const packed = new Float32Array(points.length * 2);
  points.forEach((p, i) => {
    packed[2 * i] = p.x;
    packed[2 * i + 1] = p.y;
  });
  return packed;
}

export function unpackPoints(packed: PackedPoints): Point[] {
  return Array.from({ length: packed.length / 2 }, (_, i) => ({ x: packed[2 * i]!, y: packed[2 * i + 1]! }));
}

/** The mean of two faces' landmarks (a frame between two looked-at frames). */
export function midPoints(a: PackedPoints, b: PackedPoints): PackedPoints {
  return a.map((value, i) => (value + b[i]!) / 2);
}
