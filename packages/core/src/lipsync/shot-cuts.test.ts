import { describe, expect, it } from 'vitest';
import { CutDetector } from './shot-cuts.js';

const W = 64;
const H = 36;

/** A scene: a bright disc (a "face") on a gradient, shifted by `offset` pixels, with a little noise. */
function scene(kind: number, offset: number, seed: number): Uint8Array {
  const frame = new Uint8Array(W * H);
  let state = seed;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      state = (state * 1664525 + 1013904223) >>> 0;
      const noise = (state / 2 ** 32 - 0.5) * 8;
      const background = kind === 0 ? 40 + x : 200 - 3 * y;
      const inDisc = (x - 32 - offset) ** 2 + (y - 18) ** 2 < 100;
      frame[y * W + x] = Math.max(0, Math.min(255, (inDisc ? (kind === 0 ? 220 : 30) : background) + noise));
    }
  }
  return frame;
}

function cutsIn(frames: readonly Uint8Array[]): number[] {
  const detector = new CutDetector();
  return frames.flatMap((frame, i) => (detector.push(frame) ? [i] : []));
}

describe('CutDetector', () => {
  it('finds the change of camera and nothing in a moving shot', () => {
    const frames = [
      ...Array.from({ length: 30 }, (_, i) => scene(0, Math.round(i / 3), i + 1)),
      ...Array.from({ length: 30 }, (_, i) => scene(1, -Math.round(i / 2), i + 100)),
    ];
    expect(cutsIn(frames)).toEqual([0, 30]);
  });

  it('does not cut on a fast pan whose every frame changes a lot', () => {
    const frames = Array.from({ length: 40 }, (_, i) => scene(0, (i * 3) % 20, i + 1));
    expect(cutsIn(frames)).toEqual([0]);
  });

  it('starts again when the thumbnail size changes', () => {
    const detector = new CutDetector();
    detector.push(new Uint8Array(16));
    expect(detector.push(new Uint8Array(32))).toBe(true);
  });
});
