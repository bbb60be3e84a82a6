import type { PitchTrack } from '../../dsp/pitch-track.js';

/** An analysis point: the centre of one glottal period (voiced) or a fixed step (unvoiced), in samples. */
export interface PitchMark {
  at: number;
  /** Samples to the neighbouring marks (the grain is twice this long). */
  period: number;
  voiced: boolean;
}

/** Step between marks where there is no pitch (5 ms). */
const UNVOICED_STEP_SECONDS = 0.005;

/**
 * Pitch marks for TD-PSOLA: in voiced stretches, one mark per period on the largest peak of the
 * (lightly smoothed) waveform near where the period says the next pulse is, so that every mark
 * sits at the same phase of its period; in unvoiced stretches, marks at a fixed step.
 */
export function findPitchMarks(samples: Float32Array, sampleRate: number, track: PitchTrack): PitchMark[] {
  const smooth = movingAverage(samples, Math.max(1, Math.round(sampleRate / 2000)));
  const f0At = (sample: number): number => track.f0[Math.round(sample / sampleRate / track.hopSeconds)] ?? 0;
  const step = Math.round(UNVOICED_STEP_SECONDS * sampleRate);
  const marks: number[] = [];
  const voiced: boolean[] = [];
  let at = 0;
  while (at < samples.length) {
    const f0 = f0At(at);
    if (f0 <= 0) {
      marks.push(at);
      voiced.push(false);
      at += step;
      continue;
    }
    const period = sampleRate / f0;
    const previousVoiced = voiced.at(-1) === true && at - marks.at(-1)! <= 1.5 * period;
    const from = previousVoiced ? marks.at(-1)! + Math.round(0.7 * period) : at;
    const to = previousVoiced ? marks.at(-1)! + Math.round(1.3 * period) : at + Math.round(period);
    const peak = largestPeak(smooth, from, Math.min(samples.length - 1, to));
    marks.push(peak);
    voiced.push(true);
    at = peak + Math.max(1, Math.round(period));
  }
  return marks.map((mark, i) => ({
    at: mark,
    period: Math.max(1, Math.round(((marks[i + 1] ?? mark + step) - (marks[i - 1] ?? mark - step)) / 2)),
    voiced: voiced[i]!,
  }));
}

function largestPeak(signal: Float32Array, from: number, to: number): number {
  let best = from;
  for (let i = from; i <= to; i++) if (signal[i]! > signal[best]!) best = i;
  return best;
}

function movingAverage(samples: Float32Array, width: number): Float32Array {
  const out = new Float32Array(samples.length);
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    sum += samples[i]!;
    if (i >= width) sum -= samples[i - width]!;
    out[i] = sum / Math.min(width, i + 1);
  }
  return out;
}
