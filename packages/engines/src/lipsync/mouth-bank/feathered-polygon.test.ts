import { describe, expect, it } from 'vitest';
import type { Point } from '@voxlate/core';
import { featheredPolygon } from './feathered-polygon.js';

/** The mask by its definition, pixel by pixel against every edge (what the fast version must equal). */
function referenceAlpha(polygon: readonly Point[], feather: number, x: number, y: number): number {
  const point = { x: x + 0.5, y: y + 0.5 };
  let within = false;
  let nearest = Number.POSITIVE_INFINITY;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [a, b] = [polygon[i]!, polygon[j]!];
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x)
      within = !within;
    const [dx, dy] = [a.x - b.x, a.y - b.y];
    const length = dx * dx + dy * dy;
    const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((point.x - b.x) * dx + (point.y - b.y) * dy) / length));
    nearest = Math.min(nearest, Math.hypot(point.x - (b.x + t * dx), point.y - (b.y + t * dy)));
  }
  if (within) return 1;
  if (nearest >= feather) return 0;
  const s = 1 - nearest / feather;
  return s * s * (3 - 2 * s);
}

/** A jaw-like outline: a wobbly closed curve around (cx, cy), from a seeded generator. */
function outline(seed: number, cx: number, cy: number, radius: number): Point[] {
  let state = seed;
  const random = (): number => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: 18 }, (_, i) => {
    const angle = (2 * Math.PI * i) / 18;
    const r = radius * (0.7 + 0.6 * random());
    return { x: cx + r * Math.cos(angle), y: cy + 0.8 * r * Math.sin(angle) };
  });
}

describe('featheredPolygon', () => {
  it('equals the mask by its definition on outlines inside, across and outside the frame', () => {
    const frame = { width: 160, height: 120 };
    const cases = [
      [outline(1, 80, 60, 40), 6],
      [outline(2, 10, 100, 35), 9.5],
      [outline(3, 150, 5, 30), 3],
      [outline(4, 80, 60, 20), 0],
    ] as const;
    for (const [polygon, feather] of cases) {
      const mask = featheredPolygon(polygon, feather, frame);
      expect(mask.width * mask.height).toBeGreaterThan(0);
      let ones = 0;
      for (let y = 0; y < mask.height; y++) {
        for (let x = 0; x < mask.width; x++) {
          const alpha = mask.alpha[y * mask.width + x]!;
          expect(alpha).toBeCloseTo(referenceAlpha(polygon, feather, mask.x + x, mask.y + y), 5);
          if (alpha === 1) ones++;
        }
      }
      expect(ones).toBeGreaterThan(100);
    }
  });

  it('gives the same masks reusing its buffer, one after another, whatever the last one held', () => {
    const frame = { width: 160, height: 120 };
    const sequence = [
      [outline(5, 80, 60, 40), 6],
      [outline(6, 70, 50, 25), 4],
      [outline(7, 90, 70, 45), 0],
      [outline(8, 60, 60, 30), 8],
    ] as const;
    for (const [polygon, feather] of sequence) {
      const fresh = featheredPolygon(polygon, feather, frame);
      const reused = featheredPolygon(polygon, feather, frame, 'reuse');
      expect({ ...reused, alpha: [...reused.alpha] }).toEqual({ ...fresh, alpha: [...fresh.alpha] });
    }
  });
});
