import { describe, expect, it } from 'vitest';
import { featheredEllipse } from './feathered-mask.js';

describe('featheredEllipse', () => {
  const mask = featheredEllipse(
    { centreX: 50, centreY: 40, radiusX: 20, radiusY: 10, feather: 0.4 },
    { width: 100, height: 80 },
  );
  const at = (x: number, y: number): number => mask.alpha[(y - mask.y) * mask.width + (x - mask.x)] ?? 0;

  it('is whole in the middle, nothing outside, and fades without a step at the edge', () => {
    expect(at(50, 40)).toBe(1);
    expect(at(50 + 19, 40 + 9)).toBe(0);
    const row = Array.from({ length: 21 }, (_, i) => at(50 + i, 40));
    for (let i = 1; i < row.length; i++) expect(row[i]!).toBeLessThanOrEqual(row[i - 1]!);
    const steps = row.slice(1).map((value, i) => row[i]! - value);
    expect(Math.max(...steps)).toBeLessThan(0.25);
    expect(row.filter((value) => value > 0 && value < 1).length).toBeGreaterThanOrEqual(6);
  });

  it('is clipped to the frame', () => {
    const corner = featheredEllipse(
      { centreX: 2, centreY: 2, radiusX: 10, radiusY: 10, feather: 0.5 },
      { width: 8, height: 6 },
    );
    expect([corner.x, corner.y, corner.width, corner.height]).toEqual([0, 0, 8, 6]);
  });
});
