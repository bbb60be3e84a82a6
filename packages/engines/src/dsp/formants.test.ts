import { describe, expect, it } from 'vitest';
import { measureFormants } from './formants.js';

/**
 * A vowel made the way speech is: a 120 Hz glottal pulse train through three resonators
 * (F1-F3 with speech-like bandwidths), so the right answer is known.
 */
function vowel(formants: readonly number[], sampleRate: number, seconds = 0.6): Float32Array {
  let signal = new Float32Array(Math.round(seconds * sampleRate));
  const period = Math.round(sampleRate / 120);
  for (let i = 0; i < signal.length; i += period) signal[i] = 1;
  for (const [hz, bandwidth] of formants.map((hz, k) => [hz, [80, 100, 130][k]!] as const)) {
    const radius = Math.exp((-Math.PI * bandwidth) / sampleRate);
    const b1 = 2 * radius * Math.cos((2 * Math.PI * hz) / sampleRate);
    const b2 = -radius * radius;
    const out = new Float32Array(signal.length);
    for (let i = 0; i < signal.length; i++) out[i] = signal[i]! + b1 * (out[i - 1] ?? 0) + b2 * (out[i - 2] ?? 0);
    signal = out;
  }
  let peak = 0;
  for (const value of signal) peak = Math.max(peak, Math.abs(value));
  return signal.map((value) => (0.5 * value) / peak);
}

const centres = (samples: Float32Array, sampleRate: number): number[] =>
  Array.from({ length: Math.floor(samples.length / (0.01 * sampleRate)) }, (_, i) => i * 0.01 * sampleRate);

describe('measureFormants', () => {
  for (const sampleRate of [16000, 22050]) {
    it(`finds F1-F3 of a synthetic /a/ within 5 % at ${sampleRate} Hz`, () => {
      const samples = vowel([700, 1220, 2600], sampleRate);
      const found = measureFormants(samples, sampleRate, centres(samples, sampleRate))!;
      expect(found[0]).toBeGreaterThan(700 * 0.95);
      expect(found[0]).toBeLessThan(700 * 1.05);
      expect(found[1]).toBeGreaterThan(1220 * 0.95);
      expect(found[1]).toBeLessThan(1220 * 1.05);
      expect(found[2]).toBeGreaterThan(2600 * 0.95);
      expect(found[2]).toBeLessThan(2600 * 1.05);
    });
  }

  it('sees a shorter vocal tract as formants scaled up together', () => {
    const [low, high] = [
      [500, 1500, 2500],
      [560, 1680, 2800],
    ].map((formants) => {
      const samples = vowel(formants, 16000);
      return measureFormants(samples, 16000, centres(samples, 16000))!;
    });
    for (let k = 0; k < 3; k++) expect(high![k]! / low![k]!).toBeCloseTo(1.12, 1);
  });

  it('gives nothing for silence or too few frames', () => {
    expect(measureFormants(new Float32Array(16000), 16000, centres(new Float32Array(16000), 16000))).toBeUndefined();
    const samples = vowel([700, 1220, 2600], 16000);
    expect(measureFormants(samples, 16000, [4000, 5000])).toBeUndefined();
  });
});
