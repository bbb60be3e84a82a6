import { describe, expect, it } from 'vitest';
import { applySimilarity, fitSimilarity, invertSimilarity, similarityScale } from './similarity-transform.js';

const MOUTH = [
  { x: 100, y: 200 },
  { x: 140, y: 190 },
  { x: 180, y: 200 },
  { x: 140, y: 215 },
];

describe('fitSimilarity', () => {
  it('recovers a known scale, rotation and shift exactly', () => {
    const truth = { a: 1.2 * Math.cos(0.3), b: 1.2 * Math.sin(0.3), tx: 15, ty: -8 };
    const moved = MOUTH.map((p) => applySimilarity(truth, p));
    const fitted = fitSimilarity(MOUTH, moved)!;
    expect(fitted.a).toBeCloseTo(truth.a, 9);
    expect(fitted.b).toBeCloseTo(truth.b, 9);
    expect(fitted.tx).toBeCloseTo(truth.tx, 6);
    expect(fitted.ty).toBeCloseTo(truth.ty, 6);
    expect(similarityScale(fitted)).toBeCloseTo(1.2, 9);
  });

  it('averages out noise in the landmarks instead of following one point', () => {
    const noisy = MOUTH.map((p, i) => ({ x: p.x + 10 + (i % 2 ? 0.8 : -0.8), y: p.y + 5 }));
    const fitted = fitSimilarity(MOUTH, noisy)!;
    expect(similarityScale(fitted)).toBeCloseTo(1, 1);
    const centre = applySimilarity(fitted, { x: 140, y: 201.25 });
    expect(centre.x).toBeCloseTo(150, 0);
    expect(centre.y).toBeCloseTo(206.25, 0);
  });

  it('inverts, and refuses points that do not span anything', () => {
    const t = fitSimilarity(
      MOUTH,
      MOUTH.map((p) => ({ x: 2 * p.y, y: -2 * p.x + 7 })),
    )!;
    const back = applySimilarity(invertSimilarity(t), applySimilarity(t, { x: 3, y: 4 }));
    expect(back.x).toBeCloseTo(3, 9);
    expect(back.y).toBeCloseTo(4, 9);
    expect(fitSimilarity([{ x: 1, y: 1 }], [{ x: 2, y: 2 }])).toBeUndefined();
    expect(
      fitSimilarity(
        [
          { x: 1, y: 1 },
          { x: 1, y: 1 },
        ],
        MOUTH,
      ),
    ).toBeUndefined();
  });
});
