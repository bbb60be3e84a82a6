import { describe, expect, it } from 'vitest';
import { syntheticVowel, tone } from '../test/synthetic-voice.js';
import { trackPitch } from './pitch-track.js';
import { median, voicedValues } from '@voxlate/core';

describe('trackPitch (YIN)', () => {
  it.each([
    [85, 16000],
    [120, 22050],
    [220, 16000],
    [380, 22050],
  ])('finds a %d Hz tone at %d Hz within 1 %%', (hz, rate) => {
    const f0 = voicedValues(trackPitch(tone(hz, 1, rate), rate).f0);
    expect(f0.length).toBeGreaterThan(80);
    expect(Math.abs(median(f0) - hz) / hz).toBeLessThan(0.01);
  });

  it('follows a vowel gliding from 100 to 200 Hz', () => {
    const track = trackPitch(syntheticVowel(100, 1, 22050, 200), 22050);
    const early = median(voicedValues(track.f0.subarray(10, 20)));
    const late = median(voicedValues(track.f0.subarray(80, 90)));
    expect(early).toBeGreaterThan(105);
    expect(early).toBeLessThan(125);
    expect(late).toBeGreaterThan(175);
    expect(late).toBeLessThan(195);
  });

  it('calls silence and noise unvoiced', () => {
    expect(voicedValues(trackPitch(new Float32Array(16000), 16000).f0)).toHaveLength(0);
    let seed = 1;
    const noise = Float32Array.from(
      { length: 16000 },
      () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.5,
    );
    expect(voicedValues(trackPitch(noise, 16000).f0).length).toBeLessThan(10);
  });

  it('folds a run of octave errors back to the voice around it', () => {
    const rate = 16000;
    const voice = syntheticVowel(200, 1, rate);
    // 80 ms in the middle that YIN reads an octave up (as it does on real voices, for whole runs).
    const slip = tone(400, 0.08, rate);
    voice.set(slip, Math.round(0.5 * rate));
    const track = trackPitch(voice, rate);
    const during = voicedValues(track.f0.subarray(52, 56));
    expect(during.length).toBeGreaterThan(0);
    for (const hz of during) expect(Math.abs(hz - 200) / 200).toBeLessThan(0.05);
  });

  it('calls quiet hum under a loud voice unvoiced, and a 15 ms click of pitch too', () => {
    const rate = 16000;
    const samples = new Float32Array(rate);
    samples.set(tone(110, 0.3, rate, 0.01), 0); // 34 dB under the voice
    samples.set(tone(300, 0.015, rate), Math.round(0.4 * rate));
    samples.set(syntheticVowel(200, 0.4, rate), Math.round(0.55 * rate));
    const f0 = trackPitch(samples, rate).f0;
    expect(voicedValues(f0.subarray(0, 35))).toHaveLength(0);
    expect(voicedValues(f0.subarray(38, 46))).toHaveLength(0);
    expect(voicedValues(f0.subarray(60, 90)).length).toBeGreaterThan(25);
  });

  it('tracks a 35-minute recording (more frames than a function call takes arguments)', () => {
    const rate = 8000;
    const samples = new Float32Array(35 * 60 * rate);
    samples.set(syntheticVowel(150, 1, rate), 10 * rate);
    const f0 = trackPitch(samples, rate).f0;
    expect(f0.length).toBe(35 * 60 * 100);
    expect(median(voicedValues(f0.subarray(1010, 1090)))).toBeCloseTo(150, -1);
  });
});
