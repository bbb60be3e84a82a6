import { describe, expect, it } from 'vitest';
import { lineOutcome } from './line-outcome.js';
import { smoothLandmarks } from './smooth-landmarks.js';

describe('lineOutcome', () => {
  it('syncs a line whose face is fine in most frames, and skips one for its commonest problem', () => {
    expect(lineOutcome([undefined, undefined, undefined, 'no-face'])).toEqual({
      status: 'synced',
      frames: 4,
      syncedFrames: 3,
    });
    expect(lineOutcome(['profile', 'profile', 'no-face', undefined])).toEqual({
      status: 'skipped',
      reason: 'profile',
      frames: 4,
      syncedFrames: 0,
    });
    expect(lineOutcome([]).status).toBe('skipped');
  });
});

describe('smoothLandmarks', () => {
  it('takes the jitter out of a still face but never averages across a cut', () => {
    const jitter = [0, 2, -2, 2, -2, 0];
    const frames = [...jitter.map((dx) => [{ x: 100 + dx, y: 50 }]), [{ x: 300, y: 50 }]];
    const shots = [0, 0, 0, 0, 0, 0, 1];
    const smoothed = smoothLandmarks(frames, (t) => shots[t] ?? -1);
    for (const t of [2, 3]) expect(Math.abs(smoothed[t]![0]!.x - 100)).toBeLessThan(0.7);
    expect(smoothed[6]![0]!.x).toBe(300);
    expect(smoothLandmarks([undefined], () => 0)).toEqual([undefined]);
  });
});
