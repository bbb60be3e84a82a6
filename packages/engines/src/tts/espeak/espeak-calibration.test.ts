import { afterAll, describe, expect, it } from 'vitest';
import { trackPitch } from '../../dsp/pitch-track.js';
import { median, voicedValues } from '@voxlate/core';
import { EspeakSynthesiser } from './espeak-synthesiser.js';
import { unitsFor } from './espeak-calibration.js';

const synthesiser = await EspeakSynthesiser.create();
afterAll(() => synthesiser.close());

describe('eSpeak NG pitch calibration', () => {
  it('measures every base voice, low voices below high ones, pitch rising with its units', async () => {
    const voices = await synthesiser.baseVoices('eng');
    expect(voices.map((voice) => voice.id)).toContain('en-us+f3');
    for (const voice of voices) {
      expect(voice.f0ReachHz[0]).toBeLessThan(voice.f0MedianHz);
      expect(voice.f0ReachHz[1]).toBeGreaterThan(voice.f0MedianHz);
    }
    const low = voices.find((voice) => voice.id === 'en-us')!;
    const high = voices.find((voice) => voice.id === 'en-us+f3')!;
    expect(high.f0MedianHz).toBeGreaterThan(1.5 * low.f0MedianHz);
  });

  it('speaks at the pitch asked for, in Hz, within 8 %', async () => {
    for (const [voice, hz] of [
      ['es', 90],
      ['es', 130],
      ['es+f2', 180],
      ['es+f2', 240],
    ] as const) {
      const speech = await synthesiser.synthesise(
        'Buenos días, ¿cómo está usted hoy?',
        'spa',
        {},
        { voice, pitchHz: hz },
      );
      const measured = median(voicedValues(trackPitch(speech.audio.samples, speech.audio.sampleRate).f0));
      expect(Math.abs(measured / hz - 1)).toBeLessThan(0.08);
    }
  });

  it('turns a wanted value into units monotonically', () => {
    const points: [number, number][] = [
      [0, 66],
      [25, 78],
      [50, 97],
      [75, 127],
      [99, 165],
    ];
    const units = [60, 70, 90, 110, 150, 200].map((hz) => unitsFor(points, hz, true));
    expect(units).toEqual([...units].sort((a, b) => a - b));
    expect(units[0]).toBe(0);
    expect(units.at(-1)).toBe(99);
  });
});
