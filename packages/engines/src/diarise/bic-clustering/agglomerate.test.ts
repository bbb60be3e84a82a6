import { describe, expect, it } from 'vitest';
import { agglomerate } from './agglomerate.js';
import { findChangePoints } from './change-points.js';
import { GaussianStats } from './gaussian-stats.js';

const D = 4;
let seed = 7;
function gaussian(): number {
  // Box-Muller on a fixed-seed generator: the same "speakers" every run.
  const u = ((seed = (seed * 16807) % 2147483647) + 1) / 2147483648;
  const v = ((seed = (seed * 16807) % 2147483647) + 1) / 2147483648;
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Frames of a synthetic "speaker": features scattered around a centre. */
function frames(centre: readonly number[], count: number): Float32Array {
  const values = new Float32Array(count * D);
  for (let f = 0; f < count; f++) for (let d = 0; d < D; d++) values[f * D + d] = centre[d]! + gaussian();
  return values;
}

const A = [0, 0, 0, 0];
const B = [4, -3, 2, 5];

describe('agglomerative ΔBIC clustering', () => {
  it('separates two speakers whose features differ, in order of appearance', () => {
    const units = [A, B, A, B, B, A].map((centre) => GaussianStats.of(frames(centre, 200), D));
    expect(agglomerate(units, { penalty: 1 })).toEqual([0, 1, 0, 1, 1, 0]);
  });

  it('leaves one speaker as one', () => {
    const units = [A, A, A, A].map((centre) => GaussianStats.of(frames(centre, 200), D));
    expect(agglomerate(units, { penalty: 1 })).toEqual([0, 0, 0, 0]);
  });

  it('merges down to the number of speakers asked for', () => {
    const C = [-4, 4, -2, 0];
    const units = [A, B, C, A].map((centre) => GaussianStats.of(frames(centre, 200), D));
    expect(new Set(agglomerate(units, { penalty: 1, clusters: 2 })).size).toBe(2);
    expect(agglomerate(units, { penalty: 1 })).toEqual([0, 1, 2, 0]);
  });
});

describe('speaker change points', () => {
  it('cuts a stretch where the speaker changes, and nowhere in one speaker', () => {
    const joined = new Float32Array(600 * D);
    joined.set(frames(A, 300));
    joined.set(frames(B, 300), 300 * D);
    const times = Float64Array.from({ length: 600 }, (_, i) => i * 0.01);
    const cuts = findChangePoints(
      { values: joined, times, dimensions: D },
      { windowFrames: 200, minPieceFrames: 150, penalty: 1 },
    );
    expect(cuts).toHaveLength(1);
    expect(Math.abs(cuts[0]! - 300)).toBeLessThanOrEqual(10);
    const same = { values: frames(A, 600), times, dimensions: D };
    expect(findChangePoints(same, { windowFrames: 200, minPieceFrames: 150, penalty: 1 })).toEqual([]);
  });
});
