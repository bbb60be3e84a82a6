import { blackman, sinc } from './windowed-sinc.js';

/** Taps on each side of the interpolation point. */
const HALF_TAPS = 16;
/** Fractional positions tabulated; values in between are interpolated linearly. */
const PHASES = 256;

const kernelCache = new Map<number, Float32Array>();

/**
 * Band-limited resampling with a Blackman-windowed sinc, cut off below the lower Nyquist
 * frequency so downsampling does not alias. Pure; O(n * taps).
 */
export function resample(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return samples.slice();
  const outLength = Math.round((samples.length * toRate) / fromRate);
  const output = new Float32Array(outLength);
  const cutoff = Math.min(1, toRate / fromRate) * 0.95;
  const kernel = kernelFor(cutoff);
  const step = fromRate / toRate;
  const taps = 2 * HALF_TAPS;
  for (let i = 0; i < outLength; i++) {
    const position = i * step;
    const base = Math.floor(position);
    const phase = (position - base) * PHASES;
    const phaseIndex = Math.floor(phase);
    const blend = phase - phaseIndex;
    const rowA = phaseIndex * taps;
    const rowB = rowA + taps;
    let sum = 0;
    for (let t = 0; t < taps; t++) {
      const index = base - HALF_TAPS + 1 + t;
      if (index < 0 || index >= samples.length) continue;
      const weight = kernel[rowA + t]! + (kernel[rowB + t]! - kernel[rowA + t]!) * blend;
      sum += samples[index]! * weight;
    }
    output[i] = sum;
  }
  return output;
}

/** Kernel rows for phases 0..PHASES (one extra row so interpolation never reads past the end). */
function kernelFor(cutoff: number): Float32Array {
  const cached = kernelCache.get(cutoff);
  if (cached) return cached;
  const taps = 2 * HALF_TAPS;
  const kernel = new Float32Array((PHASES + 1) * taps);
  for (let p = 0; p <= PHASES; p++) {
    const fraction = p / PHASES;
    for (let t = 0; t < taps; t++) {
      const x = t - HALF_TAPS + 1 - fraction;
      kernel[p * taps + t] = cutoff * sinc(cutoff * x) * blackman(x / HALF_TAPS);
    }
  }
  kernelCache.set(cutoff, kernel);
  return kernel;
}
