import { median } from '@voxlate/core';
import { decimate } from './pitch-track.js';

/** Median F1, F2, F3 of a stretch of voiced speech, Hz. */
export type Formants = [number, number, number];

const FRAME_SECONDS = 0.025;
const ANALYSIS_RATE_HZ = 8000;
const PRE_EMPHASIS = 0.9;
const ENVELOPE_POINTS = 256;
/** Where each formant is looked for (Hz): wide enough for men, women and children. */
const SEARCH_HZ: readonly [number, number][] = [
  [200, 1100],
  [600, 2900],
  [1500, 3800],
];

/**
 * The formants of the voiced frames (given by their centres, in samples): per frame an LPC
 * envelope (autocorrelation, Levinson-Durbin, order 2 + kHz) whose first three peaks in
 * ascending order are F1-F3, then the median of each over the frames. Medians over many
 * vowels follow the length of the vocal tract, which is what a voice's timbre scale needs.
 */
export function measureFormants(
  samples: Float32Array,
  sampleRate: number,
  frameCentres: readonly number[],
): Formants | undefined {
  const factor = Math.max(1, Math.floor(sampleRate / ANALYSIS_RATE_HZ));
  const signal = factor > 1 ? decimate(samples, factor) : samples;
  const rate = sampleRate / factor;
  const order = Math.round(rate / 1000) + 2;
  const length = Math.round(FRAME_SECONDS * rate);
  const window = Float64Array.from({ length }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (length - 1)));
  const found: number[][] = [[], [], []];
  for (const centre of frameCentres) {
    const start = Math.round(centre / factor - length / 2);
    if (start < 1 || start + length > signal.length) continue;
    const frame = new Float64Array(length);
    for (let i = 0; i < length; i++)
      frame[i] = (signal[start + i]! - PRE_EMPHASIS * signal[start + i - 1]!) * window[i]!;
    const lpc = levinson(autocorrelation(frame, order), order);
    if (!lpc) continue;
    const peaks = envelopePeaks(lpc, rate);
    let lowest = 0;
    SEARCH_HZ.forEach(([low, high], k) => {
      const peak = peaks.find((hz) => hz > Math.max(low, lowest) && hz < high);
      if (peak === undefined) return;
      found[k]!.push(peak);
      lowest = peak + 1;
    });
  }
  if (found.some((values) => values.length < 5)) return undefined;
  return found.map(median) as Formants;
}

function autocorrelation(frame: Float64Array, order: number): Float64Array {
  const r = new Float64Array(order + 1);
  for (let lag = 0; lag <= order; lag++) {
    let sum = 0;
    for (let i = lag; i < frame.length; i++) sum += frame[i]! * frame[i - lag]!;
    r[lag] = sum;
  }
  return r;
}

/** Predictor coefficients a[1..order] (a[0] = 1) from the autocorrelation; undefined for silence. */
function levinson(r: Float64Array, order: number): Float64Array | undefined {
  if (!(r[0]! > 1e-10)) return undefined;
  const a = new Float64Array(order + 1);
  a[0] = 1;
  let error = r[0]!;
  for (let i = 1; i <= order; i++) {
    let acc = r[i]!;
    for (let j = 1; j < i; j++) acc += a[j]! * r[i - j]!;
    const k = -acc / error;
    const previous = a.slice();
    for (let j = 1; j < i; j++) a[j] = previous[j]! + k * previous[i - j]!;
    a[i] = k;
    error *= 1 - k * k;
    if (!(error > 0)) return undefined;
  }
  return a;
}

/** Frequencies of the local maxima of the LPC envelope 1/|A(f)|², ascending. */
function envelopePeaks(a: Float64Array, rate: number): number[] {
  const power = new Float64Array(ENVELOPE_POINTS);
  for (let p = 0; p < ENVELOPE_POINTS; p++) {
    const omega = (Math.PI * p) / ENVELOPE_POINTS;
    let re = 0;
    let im = 0;
    for (let k = 0; k < a.length; k++) {
      re += a[k]! * Math.cos(omega * k);
      im -= a[k]! * Math.sin(omega * k);
    }
    power[p] = 1 / Math.max(1e-12, re * re + im * im);
  }
  const peaks: number[] = [];
  for (let p = 1; p + 1 < ENVELOPE_POINTS; p++) {
    if (power[p]! > power[p - 1]! && power[p]! >= power[p + 1]!)
      peaks.push(refinedPeak(power, p) * (rate / 2 / ENVELOPE_POINTS));
  }
  return peaks;
}

/** The peak's position between grid points, from the parabola through it and its neighbours (in dB). */
function refinedPeak(power: Float64Array, p: number): number {
  const [left, middle, right] = [power[p - 1]!, power[p]!, power[p + 1]!].map((value) => Math.log(value)) as [
    number,
    number,
    number,
  ];
  const curvature = left - 2 * middle + right;
  return curvature < 0 ? p + (0.5 * (left - right)) / curvature : p;
}
