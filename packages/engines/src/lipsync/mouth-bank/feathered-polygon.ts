import type { Point } from '@voxlate/core';
import { grownBuffer } from '../grown-buffer.js';
import type { FrameMask } from './feathered-mask.js';

/**
 * A soft-edged polygon: 1 inside, fading to 0 with a smoothstep over `feather` pixels outside
 * its edge, so everything inside is replaced whole and only a thin ring outside blends.
 * Clipped to the frame. With `reuse`, the alpha is written into the same buffer every call (a
 * frame's mask, used and dropped at once: a new one per frame fed the garbage collector); a mask
 * that is kept must be made without it.
 */
export function featheredPolygon(
  polygon: readonly Point[],
  feather: number,
  frame: { width: number; height: number },
  reuse?: 'reuse',
): FrameMask {
  const xs = polygon.map((p) => p.x);
  const ys = polygon.map((p) => p.y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - feather));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - feather));
  const x1 = Math.min(frame.width, Math.ceil(Math.max(...xs) + feather) + 1);
  const y1 = Math.min(frame.height, Math.ceil(Math.max(...ys) + feather) + 1);
  const mask = { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
  const alpha = reuse ? maskScratch(mask.width * mask.height).fill(0) : new Float32Array(mask.width * mask.height);
  fillInside(polygon, mask, alpha);
  featherOutside(polygon, feather, mask, alpha);
  return { ...mask, alpha };
}

type MaskBox = { x: number; y: number; width: number; height: number };

/**
 * 1 on every pixel whose centre is inside (even-odd rule), row by row: a row's centre line
 * crosses the edges at a few places, and the pixels between the 1st and 2nd, 3rd and 4th... are
 * inside. (Testing each pixel against each edge was most of a 720p lip sync's time.)
 */
function fillInside(polygon: readonly Point[], box: MaskBox, alpha: Float32Array): void {
  const crossings: number[] = [];
  for (let y = 0; y < box.height; y++) {
    const py = box.y + y + 0.5;
    crossings.length = 0;
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const [a, b] = [polygon[i]!, polygon[j]!];
      if (a.y > py !== b.y > py) crossings.push(((b.x - a.x) * (py - a.y)) / (b.y - a.y) + a.x);
    }
    crossings.sort((p, q) => p - q);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // Centres px + 0.5 with crossings[k] <= px + 0.5 < crossings[k + 1].
      const first = Math.max(0, Math.ceil(crossings[k]! - 0.5 - box.x));
      const end = Math.min(box.width, Math.ceil(crossings[k + 1]! - 0.5 - box.x));
      alpha.fill(1, y * box.width + first, y * box.width + Math.max(first, end));
    }
  }
}

/**
 * Outside pixels within `feather` of an edge: a smoothstep of their distance to the nearest
 * edge, each edge visiting only the pixels near it.
 */
function featherOutside(polygon: readonly Point[], feather: number, box: MaskBox, alpha: Float32Array): void {
  if (feather <= 0) return;
  const nearest = scratch(alpha.length).fill(Number.POSITIVE_INFINITY);
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [a, b] = [polygon[j]!, polygon[i]!];
    const left = Math.max(0, Math.floor(Math.min(a.x, b.x) - feather - box.x));
    const right = Math.min(box.width, Math.ceil(Math.max(a.x, b.x) + feather - box.x) + 1);
    const top = Math.max(0, Math.floor(Math.min(a.y, b.y) - feather - box.y));
    const bottom = Math.min(box.height, Math.ceil(Math.max(a.y, b.y) + feather - box.y) + 1);
    // A pixel within `feather` of the edge is within it of the edge's line: on a row, within
    // feather * length / |dy| of where the line crosses it (a band, not the edge's whole box).
    const [dx, dy] = [b.x - a.x, b.y - a.y];
    const halfBand = dy === 0 ? Number.POSITIVE_INFINITY : (feather * Math.hypot(dx, dy)) / Math.abs(dy);
    for (let y = top; y < bottom; y++) {
      const py = box.y + y + 0.5;
      const lineX = dy === 0 ? 0 : a.x + ((py - a.y) * dx) / dy - box.x - 0.5;
      const from = Math.max(left, Math.floor(lineX - halfBand));
      const to = Math.min(right, Math.ceil(lineX + halfBand) + 1);
      for (let x = from; x < to; x++) {
        const k = y * box.width + x;
        if (alpha[k] === 1) continue;
        const away = squaredDistanceToSegment(box.x + x + 0.5, py, a, b);
        if (away < nearest[k]!) nearest[k] = away;
      }
    }
  }
  const reach = feather * feather;
  for (let k = 0; k < alpha.length; k++) {
    if (alpha[k] === 1) continue;
    const squared = nearest[k]!;
    alpha[k] = squared >= reach ? 0 : smoothstep(1 - Math.sqrt(squared) / feather);
  }
}

/** Squared, so the square root is taken once a pixel, not once an edge (Math.hypot was a tenth of the render). */
function squaredDistanceToSegment(px: number, py: number, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  let t = length === 0 ? 0 : ((px - a.x) * dx + (py - a.y) * dy) / length;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = px - (a.x + t * dx);
  const ey = py - (a.y + t * dy);
  return ex * ex + ey * ey;
}

/** The reused mask's alpha: valid until the next call with `reuse`. */
const maskScratch = grownBuffer((length) => new Float32Array(length));

/** Squared distances to the outline, only used inside one call. */
const scratch = grownBuffer((length) => new Float32Array(length));

function smoothstep(t: number): number {
  return t * t * (3 - 2 * t);
}
