import { describe, expect, it } from 'vitest';
import { katakanaToHiragana } from './japanese-reading.js';
import { trimSilence } from './trim-silence.js';

describe('trimSilence', () => {
  it('cuts leading and trailing silence but keeps a margin', () => {
    const samples = new Float32Array(1000);
    samples.fill(0.5, 400, 600);
    const trimmed = trimSilence(samples, 1000);
    expect(trimmed.samples.length).toBe(200 + 2 * 20);
    expect(trimmed.offsetSeconds).toBeCloseTo(0.38, 6);
  });

  it('returns nothing for silence', () => {
    expect(trimSilence(new Float32Array(100), 1000).samples.length).toBe(0);
  });
});

describe('katakanaToHiragana', () => {
  it('maps katakana to hiragana and leaves the rest', () => {
    expect(katakanaToHiragana('キョウハ良い')).toBe('きょうは良い');
  });
});
