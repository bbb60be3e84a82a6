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
    const previous = marks.at(-1);
    const previousVoiced = voiced.at(-1) === true && previous !== undefined && at - previous <= 1.5 * period;
    const peak = previousVoiced
      ? mostAlike(samples, previous, period)
      : largestPeak(smooth, at, Math.min(samples.length - 1, at + Math.round(period)));
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

/**
 * The next mark after `previous`: the lag within 0.7-1.3 periods at which the waveform best
 * repeats the period around the previous mark (normalised cross-correlation). Marks found this
 * way sit at the same phase of every period even where the waveform has two peaks of nearly
 * equal height, which peak picking jumps between; grains at mixed phases cancel in the
 * overlap-add and the result loses its periodicity (voicing).
 */
function mostAlike(samples: Float32Array, previous: number, period: number): number {
  const half = Math.round(period / 2);
  const shortest = Math.round(0.7 * period);
  const longest = Math.round(1.3 * period);
  let best = previous + Math.round(period);
  let bestScore = -Infinity;
  for (let lag = shortest; lag <= longest; lag++) {
    if (previous + lag + half >= samples.length) break;
    let cross = 0;
    let energy = 0;
    for (let k = -half; k < half; k++) {
      const a = samples[previous + k] ?? 0;
      const b = samples[previous + lag + k]!;
      cross += a * b;
      energy += b * b;
    }
    const score = energy > 0 ? cross / Math.sqrt(energy) : -Infinity;
    if (score > bestScore) {
      bestScore = score;
      best = previous + lag;
    }
  }
  return Math.min(samples.length - 1, best);
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
