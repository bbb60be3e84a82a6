import type { ProsodyTrack } from './voice-types.js';

/** Semitones of each voiced frame from `referenceHz`, NaN where unvoiced. */
export function semitoneContour(track: ProsodyTrack, referenceHz: number): Float64Array {
  return Float64Array.from(track.f0Hz, (f0) => (f0 > 0 ? 12 * Math.log2(f0 / referenceHz) : Number.NaN));
}

/** Fills NaN gaps by linear interpolation between their neighbours (held flat at the ends). */
export function bridgeGaps(values: Float64Array): Float64Array {
  const out = values.slice();
  let last = -1;
  for (let i = 0; i <= out.length; i++) {
    if (i < out.length && Number.isNaN(out[i])) continue;
    const from = last >= 0 ? out[last]! : (out[i] ?? Number.NaN);
    const to = i < out.length ? out[i]! : from;
    for (let k = last + 1; k < i; k++) out[k] = from + ((to - from) * (k - last)) / (i - last);
    last = i;
  }
  return out;
}

/** Centred moving average over `width` frames. */
export function smooth(values: Float64Array, width: number): Float64Array {
  const half = Math.floor(width / 2);
  return values.map((_, i) => {
    let sum = 0;
    let count = 0;
    for (let k = Math.max(0, i - half); k <= Math.min(values.length - 1, i + half); k++) {
      if (Number.isNaN(values[k])) continue;
      sum += values[k]!;
      count++;
    }
    return count > 0 ? sum / count : Number.NaN;
  });
}

/** Value at a fractional frame position, linear between frames. */
export function valueAt(values: Float64Array, position: number): number {
  if (values.length === 0) return Number.NaN;
  const clamped = Math.min(values.length - 1, Math.max(0, position));
  const below = Math.floor(clamped);
  const above = Math.min(values.length - 1, below + 1);
  return values[below]! + (values[above]! - values[below]!) * (clamped - below);
}

/** The q-quantile (0..1) of the values, by linear interpolation; NaN for none. */
export function quantile(values: ArrayLike<number>, q: number): number {
  const sorted = Array.from(values).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

export function median(values: ArrayLike<number>): number {
  return quantile(values, 0.5);
}

/** Musical distance from `reference` Hz, in semitones. */
export function semitones(hz: number, reference: number): number {
  return 12 * Math.log2(hz / reference);
}

/** The voiced (non-zero) values of an F0 track. */
export function voicedValues(f0: ArrayLike<number>): number[] {
  return Array.from(f0).filter((value) => value > 0);
}

/** The loudest frame's level, dB (-Infinity for none); a loop, as spreading a long track would overflow. */
export function loudestDb(levels: ArrayLike<number>): number {
  let loudest = -Infinity;
  for (let i = 0; i < levels.length; i++) loudest = Math.max(loudest, levels[i]!);
  return loudest;
}

/** Frames within `rangeDb` of the loudest: the speech, not the pauses. */
export function activeLevels(track: ProsodyTrack, rangeDb = 30): number[] {
  const loudest = loudestDb(track.energyDb);
  return Array.from(track.energyDb).filter((db) => db > loudest - rangeDb && db > -70);
}

/** The mean of frame levels (dB), as a line's or a speaker's loudness is taken; undefined for none. */
export function meanLevel(levels: readonly number[]): number | undefined {
  return levels.length === 0 ? undefined : levels.reduce((sum, db) => sum + db, 0) / levels.length;
}

export function roundTo(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
