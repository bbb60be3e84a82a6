import type { Point } from '@voxlate/core';
import type { FrameMask } from './feathered-mask.js';

/**
 * A soft-edged polygon: 1 inside, fading to 0 with a smoothstep over `feather` pixels outside
 * its edge, so everything inside is replaced whole and only a thin ring outside blends.
 * Clipped to the frame.
 */
export function featheredPolygon(
  polygon: readonly Point[],
  feather: number,
  frame: { width: number; height: number },
): FrameMask {
  const xs = polygon.map((p) => p.x);
  const ys = polygon.map((p) => p.y);
  const x0 = Math.max(0, Math.floor(Math.min(...xs) - feather));
  const y0 = Math.max(0, Math.floor(Math.min(...ys) - feather));
  const x1 = Math.min(frame.width, Math.ceil(Math.max(...xs) + feather) + 1);
  const y1 = Math.min(frame.height, Math.ceil(Math.max(...ys) + feather) + 1);
  const width = Math.max(0, x1 - x0);
  const height = Math.max(0, y1 - y0);
  const alpha = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const point = { x: x0 + x + 0.5, y: y0 + y + 0.5 };
      if (inside(polygon, point)) alpha[y * width + x] = 1;
      else {
        const away = distanceToEdge(polygon, point);
        alpha[y * width + x] = away >= feather ? 0 : smoothstep(1 - away / feather);
      }
    }
  }
  return { x: x0, y: y0, width, height, alpha };
}

/** Even-odd rule. */
function inside(polygon: readonly Point[], point: Point): boolean {
  let within = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [a, b] = [polygon[i]!, polygon[j]!];
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) {
      within = !within;
    }
  }
  return within;
}

function distanceToEdge(polygon: readonly Point[], point: Point): number {
  let nearest = Number.POSITIVE_INFINITY;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    nearest = Math.min(nearest, distanceToSegment(point, polygon[j]!, polygon[i]!));
  }
  return nearest;
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

function smoothstep(t: number): number {
  return t * t * (3 - 2 * t);
}
