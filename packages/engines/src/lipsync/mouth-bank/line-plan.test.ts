import { describe, expect, it } from 'vitest';
import { measureFace, syntheticFace, type LipSyncSkipReason, type Point } from '@voxlate/core';
import type { FrameAnalysis } from './frame-analysis.js';
import { planLine } from './line-plan.js';
import { MouthBank } from './mouth-bank.js';
import { packPoints } from './packed-points.js';

const FRAMES = 30;
const FRAME = { width: 640, height: 360 };

/** A person whose bank holds mouths from shut to wide open, seen frontal. */
function bankOfMouths(): MouthBank {
  const bank = new MouthBank();
  const pixels = Uint8Array.from({ length: FRAME.width * FRAME.height * 3 }, (_, i) => (i * 37) % 251);
  [0, 8, 16, 24, 32, 40, 48].forEach((gap, index) => {
    const points = syntheticFace(320, 180, 200, gap);
    bank.consider({ index, ...FRAME, pixels }, points, measureFace(points));
  });
  return bank;
}

/**
 * A line's frames, every face a little turned, with some frames' own landmarks turned into
 * profile (a problem, as the analysis judged them one by one).
 */
function analysisWith(profileFrames: readonly number[]): FrameAnalysis {
  const points = new Map<number, Float32Array>();
  const problems = new Map<number, LipSyncSkipReason>();
  for (let frame = 0; frame < FRAMES; frame++) {
    const turned = profileFrames.includes(frame);
    const face: Point[] = syntheticFace(320, 180, 200, 10, turned ? 0.6 : 0.15);
    points.set(frame, packPoints(face));
    if (turned) problems.set(frame, 'profile');
  }
  return {
    shots: Array.from({ length: FRAMES }, () => 0),
    points,
    people: new Map(Array.from({ length: FRAMES }, (_, frame) => [frame, 0])),
    problems,
    banks: new Map([[0, bankOfMouths()]]),
    frames: FRAMES,
  };
}

const LINE = {
  segmentId: 1,
  speaker: 'S1',
  start: 0,
  end: 1,
  phonemes: [],
  loudness: Array.from({ length: FRAMES }, (_, i) => (i % 6) / 5),
};

describe('planLine', () => {
  it('syncs a frame whose own landmarks swung into profile when its neighbours say the face is not turned', () => {
    const planned = planLine(LINE, 30, analysisWith([12]));
    expect(planned.outcome).toMatchObject({ status: 'synced', syncedFrames: FRAMES });
    expect(planned.instructions.has(12)).toBe(true);
  });

  it('leaves a face that stays turned into profile as it is', () => {
    const turned = Array.from({ length: 10 }, (_, k) => 10 + k);
    const planned = planLine(LINE, 30, analysisWith(turned));
    // Only the run's edges, smoothed with the frontal frames beside them, may take a mouth.
    expect(planned.outcome.syncedFrames).toBeLessThanOrEqual(FRAMES - 6);
    for (const frame of turned.slice(2, -2)) expect(planned.instructions.has(frame)).toBe(false);
  });
});
