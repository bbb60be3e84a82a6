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

export function mean(values: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return values.length > 0 ? sum / values.length : Number.NaN;
}

/** Musical distance from `reference` Hz, in semitones. */
export function semitones(hz: number, reference: number): number {
  return 12 * Math.log2(hz / reference);
}

/** The voiced (non-zero) values of an F0 track. */
export function voicedValues(f0: ArrayLike<number>): number[] {
  const voiced: number[] = [];
  for (let i = 0; i < f0.length; i++) if (f0[i]! > 0) voiced.push(f0[i]!);
  return voiced;
}
