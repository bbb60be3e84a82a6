import { describe, expect, it } from 'vitest';
import { standInKind } from './choose-voices.js';
import type { BaseVoice } from './voice-types.js';

const voice = (gender: 'female' | 'male' | undefined, f0MedianHz: number): BaseVoice => ({
  id: `${gender ?? 'unknown'}-${f0MedianHz}`,
  name: 'a voice',
  ...(gender ? { gender } : {}),
  f0MedianHz,
  f0ReachHz: [60, 400],
});

describe('a voice of the other kind standing in for a speaker', () => {
  it('is said when a woman’s voice is lowered for a man, or a man’s raised for a woman', () => {
    expect(standInKind({ f0MedianHz: 110 }, voice('female', 210))).toBe('lowered');
    expect(standInKind({ f0MedianHz: 220 }, voice('male', 120))).toBe('raised');
  });

  it('is not said for a voice of the speaker’s kind, an unmeasured speaker, or no voice', () => {
    expect(standInKind({ f0MedianHz: 110 }, voice('male', 120))).toBeUndefined();
    expect(standInKind({ f0MedianHz: 230 }, voice(undefined, 200))).toBeUndefined();
    expect(standInKind({}, voice('female', 210))).toBeUndefined();
    expect(standInKind({ f0MedianHz: 110 }, undefined)).toBeUndefined();
  });
});
