import { afterAll, describe, expect, it } from 'vitest';
import { median, voicedValues } from '@voxlate/core';
import { measureFormants } from '../../dsp/formants.js';
import { trackPitch, voicedFrameCentres } from '../../dsp/pitch-track.js';
import { EspeakSynthesiser } from './espeak-synthesiser.js';
import { scaledVariant } from './formant-variants.js';

const synthesiser = await EspeakSynthesiser.create();
afterAll(() => synthesiser.close());

const TEXT = 'Buenos días a todos, bienvenidos de nuevo al canal. Hoy hablamos de música y de viajes.';

/** eSpeak's breathy variants (f3) mix in noise from an unseeded generator, so one render's
 * formants wander by a few per cent: each figure is the median over three renders. */
const RENDERS = 3;

async function spoken(voice: string, formantScale?: number): Promise<{ formants: number[]; f0: number }> {
  const renders: { formants: number[]; f0: number }[] = [];
  for (let n = 0; n < RENDERS; n++) {
    const speech = await synthesiser.synthesise(TEXT, 'spa', {}, { voice, ...(formantScale ? { formantScale } : {}) });
    const { samples, sampleRate } = speech.audio;
    const pitch = trackPitch(samples, sampleRate);
    const centres = voicedFrameCentres(pitch.f0, pitch.hopSeconds, sampleRate);
    renders.push({ formants: measureFormants(samples, sampleRate, centres)!, f0: median(voicedValues(pitch.f0)) });
  }
  return {
    formants: [0, 1, 2].map((k) => median(renders.map((render) => render.formants[k]!))),
    f0: median(renders.map((render) => render.f0)),
  };
}

describe('eSpeak NG formant variants', () => {
  it('scales every formant frequency of a variant file and keeps the rest', () => {
    const text = 'language variant\nname female3\npitch 140 240\nformant 1 120 75 150 -50\nroughness 4\n';
    const scaled = scaledVariant(text, 1.1);
    expect(scaled).toContain('pitch 140 240');
    expect(scaled).toContain('roughness 4');
    expect(scaled).toContain('formant 1 132 75 150 -50');
    // Formants the variant did not name start from 100 %.
    expect(scaled).toContain('formant 2 110 100 100');
    expect(scaled.match(/^formant /gm)).toHaveLength(9);
  });

  it('speaks with its formants moved by the scale asked for and its pitch left alone', async () => {
    for (const voice of ['es', 'es+f3']) {
      const plain = await spoken(voice);
      const higher = await spoken(voice, 1.12);
      const lower = await spoken(voice, 0.9);
      for (const k of [1, 2]) {
        expect(higher.formants[k]! / plain.formants[k]!).toBeGreaterThan(1.06);
        expect(lower.formants[k]! / plain.formants[k]!).toBeLessThan(0.96);
      }
      expect(Math.abs(higher.f0 / plain.f0 - 1)).toBeLessThan(0.05);
    }
  });

  it('measures the formants of each base voice, higher for the female variants', async () => {
    const voices = await synthesiser.baseVoices('spa');
    const formants = (id: string): number[] => voices.find((voice) => voice.id === id)!.formantsHz!;
    expect(formants('es')).toHaveLength(3);
    expect(formants('es+f3')[1]!).toBeGreaterThan(formants('es')[1]!);
  });
});
