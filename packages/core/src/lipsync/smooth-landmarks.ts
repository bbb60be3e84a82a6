import type { Point } from './similarity-transform.js';

/** Frames either side that a landmark is averaged over (at 25-30 fps, about a sixth of a second). */
const HALF_WINDOW = 2;
const WEIGHTS = [1, 2, 3, 2, 1];

/**
 * Landmarks averaged over neighbouring frames of the same shot (weights 1-2-3-2-1): a landmark
 * detector's frame-to-frame jitter of a pixel or two, copied into a pasted mouth, makes it
 * swim on the face. Frames without a face stay without; a shot cut is never averaged across.
 * `shotOf` gives each frame's shot number.
 */
export function smoothLandmarks(
  frames: readonly (readonly Point[] | undefined)[],
  shotOf: (frame: number) => number,
): (Point[] | undefined)[] {
  return frames.map((points, t) => {
    if (!points) return undefined;
    const shot = shotOf(t);
    return points.map((_, k) => {
      let x = 0;
      let y = 0;
      let total = 0;
      for (let d = -HALF_WINDOW; d <= HALF_WINDOW; d++) {
        const neighbour = frames[t + d];
        if (!neighbour || shotOf(t + d) !== shot) continue;
        const weight = WEIGHTS[d + HALF_WINDOW]!;
        x += weight * neighbour[k]!.x;
        y += weight * neighbour[k]!.y;
        total += weight;
      }
      return { x: x / total, y: y / total };
    });
  });
}
