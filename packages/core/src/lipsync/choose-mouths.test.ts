import { describe, expect, it } from 'vitest';
import { chooseMouths, type MouthCandidate } from './choose-mouths.js';
import { VISEME_SHAPES } from './visemes.js';
import type { WantedMouth } from './wanted-mouths.js';

const frontal = { yaw: 0, roll: 0, pitch: 0.4 };
const candidate = (openness: number, width = 0.5, rounding = 0, yaw = 0): MouthCandidate => ({
  shape: { openness, width, rounding },
  yaw,
  roll: 0,
  pitch: 0.4,
});
const wanted = (openness: number, closure = false): WantedMouth => ({
  shape: { openness, width: 0.5, rounding: 0 },
  closure,
});

describe('chooseMouths', () => {
  it('follows the wanted openness when the bank has it', () => {
    const bank = [candidate(0), candidate(0.5), candidate(1)];
    const path = chooseMouths(
      [0, 0, 1, 1, 0.5, 0.5].map((o) => wanted(o)),
      Array(6).fill(frontal),
      bank,
    );
    expect(path).toEqual([0, 0, 2, 2, 1, 1]);
  });

  it('does not flicker between two near-equal crops', () => {
    const bank = [candidate(0.48), candidate(0.52)];
    const wants = [0.47, 0.53, 0.47, 0.53, 0.47, 0.53].map((o) => wanted(o));
    const path = chooseMouths(wants, Array(6).fill(frontal), bank);
    expect(new Set(path).size).toBe(1);
  });

  it('shuts the lips for p, b, m even when the neighbours pull the wanted shape open', () => {
    const bank = [candidate(0), candidate(0.3), candidate(0.9)];
    const path = chooseMouths([wanted(0.9), wanted(0.25, true), wanted(0.9)], Array(3).fill(frontal), bank);
    expect(path[1]).toBe(0);
  });

  it('prefers a crop taken with the head turned as it is now', () => {
    const bank = [candidate(0.5, 0.5, 0, -0.3), candidate(0.5, 0.5, 0, 0.3)];
    expect(chooseMouths([wanted(0.5)], [{ yaw: 0.3, roll: 0, pitch: 0.4 }], bank)).toEqual([1]);
  });

  it('prefers a crop taken with the head nodded as it is now', () => {
    const level = candidate(0.5);
    const down = { ...candidate(0.45), pitch: 0.5 };
    expect(chooseMouths([wanted(0.5)], [{ yaw: 0, roll: 0, pitch: 0.5 }], [level, down])).toEqual([1]);
    expect(chooseMouths([wanted(0.5)], [frontal], [level, down])).toEqual([0]);
  });

  it('tells rounded from spread lips', () => {
    const bank = [candidate(0.4, 0.75, 0), candidate(0.4, 0.2, 1)];
    const ou: WantedMouth = { shape: VISEME_SHAPES.ou, closure: false };
    const ih: WantedMouth = { shape: VISEME_SHAPES.ih, closure: false };
    expect(chooseMouths([ou], [frontal], bank)).toEqual([1]);
    expect(chooseMouths([ih], [frontal], bank)).toEqual([0]);
  });
});
