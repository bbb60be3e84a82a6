import { describe, expect, it } from 'vitest';
import { FaceIdentities } from './face-identities.js';

/** A seeded generator, so the views below are the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** A face's true descriptor (128 numbers, as face-api's) and noisy views of it at a given distance. */
function face(seed: number): { view: (distance: number, viewSeed: number) => Float32Array; centre: Float32Array } {
  const next = random(seed);
  const centre = Float32Array.from({ length: 128 }, () => (next() - 0.5) * 0.18);
  const view = (distance: number, viewSeed: number): Float32Array => {
    const noise = random(viewSeed);
    const offset = Array.from({ length: 128 }, () => noise() - 0.5);
    const norm = Math.hypot(...offset);
    return centre.map((value, i) => value + (offset[i]! / norm) * distance);
  };
  return { view, centre };
}

const distance = (a: Float32Array, b: Float32Array): number => Math.hypot(...a.map((v, i) => v - b[i]!));

describe('FaceIdentities', () => {
  it('makes one person of two tracks whose first views lie just past the threshold, once more views are in', () => {
    const man = face(1);
    const [first, second] = [man.view(0.4, 11), man.view(0.4, 12)];
    // Two noisy views of one man, as a 90 px webcam face gives: 0.56 apart, more than the threshold.
    expect(distance(first, second)).toBeGreaterThan(0.55);
    const identities = new FaceIdentities();
    const a = identities.assign(first, 0);
    const b = identities.assign(second, 40);
    expect(a).not.toBe(b);
    for (let k = 0; k < 2; k++) {
      identities.addView(a, man.view(0.4, 20 + k), 12 * (k + 1));
      identities.addView(b, man.view(0.4, 30 + k), 40 + 12 * (k + 1));
    }
    const resolved = identities.resolved();
    expect(resolved.get(a)).toBe(resolved.get(b));
  });

  it('keeps two people apart, however many views each has', () => {
    const [one, other] = [face(1), face(2)];
    expect(distance(one.centre, other.centre)).toBeGreaterThan(0.7);
    const identities = new FaceIdentities();
    const a = identities.assign(one.view(0.3, 11), 0);
    const b = identities.assign(other.view(0.3, 12), 50);
    for (let k = 0; k < 3; k++) {
      identities.addView(a, one.view(0.3, 20 + k), 10 + k);
      identities.addView(b, other.view(0.3, 30 + k), 60 + k);
    }
    const resolved = identities.resolved();
    expect(new Set([resolved.get(a), resolved.get(b)]).size).toBe(2);
  });

  it('numbers people by when they were first seen, whichever was assigned first', () => {
    const [one, other] = [face(1), face(2)];
    const identities = new FaceIdentities();
    // The second core's stretch (frame 300 on) was described before the first core's.
    const late = identities.assign(other.view(0.2, 11), 300);
    const early = identities.assign(one.view(0.2, 12), 0);
    const resolved = identities.resolved();
    expect(resolved.get(early)).toBe(0);
    expect(resolved.get(late)).toBe(1);
  });
});
