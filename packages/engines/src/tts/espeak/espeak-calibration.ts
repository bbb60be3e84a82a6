import { median, quantile, semitones, voicedValues, type BaseVoice } from '@voxlate/core';
import { measureFormants } from '../../dsp/formants.js';
import { trackPitch, voicedFrameCentres } from '../../dsp/pitch-track.js';

/** Renders text with a voice at eSpeak pitch and range units (0-99), at 22050 Hz. */
export type EspeakRender = (voice: string, pitch: number, range: number, text: string) => Float32Array;

/** eSpeak NG's variants (espeak-ng-data/voices/!v): three lower voices and three higher ones. */
export const ESPEAK_VARIANTS = [
  { variant: '', name: 'male (default)' },
  { variant: '+m3', name: 'male 3' },
  { variant: '+m7', name: 'male 7' },
  { variant: '+f2', name: 'female 2' },
  { variant: '+f3', name: 'female 3' },
  { variant: '+f4', name: 'female 4' },
] as const;

/** Every voice reads digits in its own language: the sweep text works for all 11. */
const SWEEP_TEXT = '1 2 3 4 5 6 7 8 9 10, 21 32 43?';
const PITCH_POINTS = [0, 25, 50, 75, 99];
const RANGE_POINTS = [0, 25, 50, 75, 99];
const SAMPLE_RATE = 22050;

/** A setting's units (0-99) and what they measured: median Hz for pitch, semitones of spread for range. */
export type Sweep = [number, number][];

export type SweptSetting = 'pitch' | 'range';

/**
 * eSpeak's pitch and range settings are not Hz and differ per voice: a voice is swept once per
 * setting (five values, the other setting at its default 50) and its median F0 or F0 spread
 * measured, so that a wanted F0 or range can be turned into that voice's units. Choosing a voice
 * needs only the pitch sweep; the range sweep is made when a range is asked for.
 */
export function sweep(render: EspeakRender, voice: string, setting: SweptSetting): Sweep {
  const measure = (pitch: number, range: number): number[] =>
    voicedValues(trackPitch(render(voice, pitch, range, SWEEP_TEXT), SAMPLE_RATE).f0);
  if (setting === 'pitch') return PITCH_POINTS.map((units) => [units, median(measure(units, 50))]);
  return RANGE_POINTS.map((units) => {
    const f0 = measure(50, units);
    return [units, semitones(quantile(f0, 0.9), quantile(f0, 0.1))];
  });
}

/** The voice's median F1-F3 at its default pitch, over the sweep text's vowels. */
export function voiceFormants(render: EspeakRender, voice: string): number[] | undefined {
  const samples = render(voice, 50, 50, SWEEP_TEXT);
  const pitch = trackPitch(samples, SAMPLE_RATE);
  const centres = voicedFrameCentres(pitch.f0, pitch.hopSeconds, SAMPLE_RATE);
  return measureFormants(samples, SAMPLE_RATE, centres)?.map(Math.round);
}

export function baseVoiceOf(id: string, name: string, pitchHz: Sweep, formantsHz?: number[]): BaseVoice {
  const hz = pitchHz.map(([, value]) => value);
  return {
    id,
    name,
    f0MedianHz: pitchHz.find(([units]) => units === 50)![1],
    f0ReachHz: [Math.min(...hz), Math.max(...hz)],
    ...(formantsHz ? { formantsHz } : {}),
  };
}

/** The units (0-99) whose measured value is nearest the wanted one, interpolating between sweep points. */
export function unitsFor(points: readonly [number, number][], wanted: number, logScale: boolean): number {
  const value = (v: number): number => (logScale ? Math.log(v) : v);
  const sorted = [...points].sort((a, b) => a[1] - b[1]);
  const target = value(wanted);
  if (target <= value(sorted[0]![1])) return sorted[0]![0];
  if (target >= value(sorted.at(-1)![1])) return sorted.at(-1)![0];
  for (let i = 0; i + 1 < sorted.length; i++) {
    const [u0, v0] = sorted[i]!;
    const [u1, v1] = sorted[i + 1]!;
    if (target <= value(v1)) {
      const share = (target - value(v0)) / Math.max(1e-9, value(v1) - value(v0));
      return Math.round(u0 + share * (u1 - u0));
    }
  }
  return 50;
}
