import { describe, expect, it } from 'vitest';
import { slopePerStep } from './least-squares.js';

describe('slopePerStep', () => {
  it('finds the growth per step of a noisy line, and none in a flat one', () => {
    expect(slopePerStep([100, 102, 104, 106, 108])).toBeCloseTo(2);
    expect(slopePerStep([500, 510, 495, 505, 500, 498])).toBeCloseTo(-0.857, 2);
    expect(slopePerStep([7])).toBe(0);
  });
});
