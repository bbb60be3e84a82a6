import { describe, expect, it } from 'vitest';
import { concatSamples } from '@voxlate/core';
import { LoudnessMeter } from './loudness-meter.js';
import { PeakLimiter, type LimiterSettings } from './peak-limiter.js';

const RATE = 48000;
const settings = (change: Partial<LimiterSettings> = {}): LimiterSettings => ({
  sampleRate: RATE,
  channels: 2,
  gain: 1,
  ceiling: 0.5,
  attackSeconds: 0.002,
  releaseSeconds: 0.06,
  ...change,
});

/** Runs a whole signal through the limiter in uneven chunks and joins what comes out. */
function limit(limiter: PeakLimiter, input: Float32Array, channels: number): Float32Array {
  const parts: Float32Array[] = [];
  for (let at = 0; at < input.length; at += 777 * channels) {
    parts.push(limiter.process(input.subarray(at, Math.min(input.length, at + 777 * channels))));
  }
  parts.push(limiter.flush());
  return concatSamples(parts);
}

function truePeakDb(samples: Float32Array, channels: number): number {
  const meter = new LoudnessMeter(RATE, channels);
  meter.add(samples);
  return meter.result().truePeakDb;
}

/** A stereo 220 Hz tone, louder on the left, at `amplitude` between `from` and `to` seconds, quiet elsewhere. */
function burst(amplitude: number, from: number, to: number, seconds: number): Float32Array {
  const signal = new Float32Array(RATE * seconds * 2);
  for (let i = 0; i < RATE * seconds; i++) {
    const t = i / RATE;
    const level = t >= from && t < to ? amplitude : 0.05;
    const value = level * Math.sin(2 * Math.PI * 220 * t);
    signal[2 * i] = value;
    signal[2 * i + 1] = 0.8 * value;
  }
  return signal;
}

describe('peak limiter', () => {
  it('gives back every frame in place, only the gain applied, where nothing reaches the ceiling', () => {
    const input = burst(0.2, 0, 1, 1);
    const out = limit(new PeakLimiter(settings({ gain: 2 })), input, 2);
    expect(out.length).toBe(input.length);
    let worst = 0;
    for (let i = 0; i < input.length; i++) worst = Math.max(worst, Math.abs(out[i]! - 2 * input[i]!));
    expect(worst).toBeLessThan(1e-6);
  });

  it('holds a burst under the ceiling and gives the gain back after it', () => {
    const input = burst(0.9, 0.5, 1, 2);
    const out = limit(new PeakLimiter(settings()), input, 2);
    expect(out.length).toBe(input.length);
    expect(truePeakDb(out, 2)).toBeLessThanOrEqual(20 * Math.log10(0.5) + 0.1);
    // Within the burst it is limited to the ceiling, not below it by much.
    const inBurst = out.subarray(2 * Math.round(0.7 * RATE), 2 * Math.round(0.9 * RATE));
    expect(Math.max(...inBurst)).toBeGreaterThan(0.45);
    // Half a second after it, the quiet tone is back at its own level (release 60 ms).
    const after = out.subarray(2 * Math.round(1.5 * RATE), 2 * Math.round(1.6 * RATE));
    expect(Math.max(...after)).toBeCloseTo(0.05, 3);
    // Before the burst nothing changed beyond the 2 ms look-ahead.
    const before = out.subarray(0, 2 * Math.round(0.49 * RATE));
    expect(Math.max(...before)).toBeCloseTo(0.05, 3);
  });

  it('limits peaks that fall between samples, which a sample limiter lets through', () => {
    // Every sample at 0.707 under a 0.8 ceiling, the wave itself at 1.0.
    const tone = Float32Array.from({ length: RATE }, (_, i) => Math.sin((Math.PI / 2) * i + Math.PI / 4));
    const out = limit(new PeakLimiter(settings({ channels: 1, ceiling: 0.8 })), tone, 1);
    expect(truePeakDb(out, 1)).toBeLessThanOrEqual(20 * Math.log10(0.8) + 0.1);
  });
});
