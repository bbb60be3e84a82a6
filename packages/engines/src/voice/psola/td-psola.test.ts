import { describe, expect, it } from 'vitest';
import { median, voicedValues } from '@voxlate/core';
import { syntheticVowel } from '../../test/synthetic-voice.js';
import { PsolaShaper } from './psola-shaper.js';

const RATE = 22050;

describe('PSOLA voice shaper', () => {
  const shaper = new PsolaShaper();

  it.each([150, 100, 95])('moves a 120 Hz vowel to %d Hz within 2 %% and keeps its duration', async (target) => {
    const audio = { samples: syntheticVowel(120, 1, RATE), sampleRate: RATE };
    const own = shaper.measure(audio);
    const f0Hz = own.f0Hz.map((f0) => (f0 > 0 ? target : 0));
    const shaped = await shaper.shape(audio, own, { f0Hz }, {});
    expect(shaped.samples.length).toBe(audio.samples.length);
    const measured = median(voicedValues(shaper.measure(shaped).f0Hz));
    expect(Math.abs(measured - target) / target).toBeLessThan(0.02);
  });

  it('lays a rising contour on a flat vowel', async () => {
    const audio = { samples: syntheticVowel(120, 1, RATE), sampleRate: RATE };
    const own = shaper.measure(audio);
    const f0Hz = own.f0Hz.map((f0, i) => (f0 > 0 ? 100 + i : 0));
    const shaped = shaper.measure(await shaper.shape(audio, own, { f0Hz }, {}));
    const early = median(voicedValues(shaped.f0Hz.subarray(10, 20)));
    const late = median(voicedValues(shaped.f0Hz.subarray(80, 90)));
    expect(early).toBeGreaterThan(108);
    expect(early).toBeLessThan(122);
    expect(late).toBeGreaterThan(176);
    expect(late).toBeLessThan(192);
  });

  it('keeps the level, and lays a level envelope on', async () => {
    const audio = { samples: syntheticVowel(120, 1, RATE), sampleRate: RATE };
    const own = shaper.measure(audio);
    const gainDb = own.energyDb.map((_, i) => (i < 50 ? -6 : 0));
    const shaped = shaper.measure(await shaper.shape(audio, own, { f0Hz: own.f0Hz.map((f) => f * 1.3), gainDb }, {}));
    const change = (from: number, to: number): number =>
      median(shaped.energyDb.subarray(from, to)) - median(own.energyDb.subarray(from, to));
    expect(change(10, 40)).toBeCloseTo(-6, 0);
    expect(Math.abs(change(60, 90))).toBeLessThan(1);
  });

  it('keeps a voice whose periods have two near-equal peaks periodic (marks at one phase)', async () => {
    // Each 120 Hz period has two pulses 0.45 of a period apart whose heights trade places slowly:
    // the marks must stay at one phase of the period, or grains at mixed phases cancel.
    const rate = 16000;
    const period = rate / 120;
    const samples = Float32Array.from({ length: rate }, (_, n) => {
      const phase = (n % period) / period;
      const swing = 0.3 * Math.sin((2 * Math.PI * 3 * n) / rate);
      const pulse = (centre: number, height: number): number => height * Math.exp(-(((phase - centre) * 40) ** 2));
      return 0.4 * (pulse(0.2, 1 + swing) + pulse(0.65, 1 - swing));
    });
    const audio = { samples, sampleRate: rate };
    const own = shaper.measure(audio);
    const shaped = shaper.measure(await shaper.shape(audio, own, { f0Hz: own.f0Hz.map((f0) => f0 * 0.85) }, {}));
    const voicedBefore = voicedValues(own.f0Hz).length;
    const voicedAfter = voicedValues(shaped.f0Hz);
    expect(voicedAfter.length).toBeGreaterThan(0.95 * voicedBefore);
    expect(Math.abs(median(voicedAfter) - 102) / 102).toBeLessThan(0.02);
  });

  it('gives a voice back as it was when asked for its own pitch, period-to-period jitter and all', async () => {
    // A 180 Hz voice whose periods wander by up to 6 % (as natural and unit-selection voices do):
    // a ratio of 1 must put every grain back where it was, not step at the tracker's mean period.
    const rate = 16000;
    const samples = new Float32Array(rate);
    let seed = 7;
    const random = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
    for (let at = 100; at < rate - 400; at += Math.round((rate / 180) * (1 + 0.06 * random()))) {
      for (let k = 0; k < 300; k++)
        samples[at + k]! += 0.4 * Math.exp(-k / 40) * Math.sin((2 * Math.PI * 900 * k) / rate);
    }
    const audio = { samples, sampleRate: rate };
    const own = shaper.measure(audio);
    const shaped = await shaper.shape(audio, own, { f0Hz: own.f0Hz.slice() }, {});
    let [cross, a, b] = [0, 0, 0];
    for (let n = 0; n < rate; n++) {
      cross += samples[n]! * shaped.samples[n]!;
      a += samples[n]! ** 2;
      b += shaped.samples[n]! ** 2;
    }
    expect(cross / Math.sqrt(a * b)).toBeGreaterThan(0.97);
  });
});
