/** The normalised sinc, sin(pi x) / (pi x): the ideal band-limited interpolator. */
export function sinc(x: number): number {
  if (x === 0) return 1;
  const pix = Math.PI * x;
  return Math.sin(pix) / pix;
}

/** Blackman window over x in [-1, 1] (0 outside): sidelobes low enough for audio work. */
export function blackman(x: number): number {
  if (x <= -1 || x >= 1) return 0;
  const n = (x + 1) / 2;
  return 0.42 - 0.5 * Math.cos(2 * Math.PI * n) + 0.08 * Math.cos(4 * Math.PI * n);
}

/**
 * Taps that interpolate a band-limited signal at the fractions 1/factor .. (factor-1)/factor
 * between two samples: row k (for fraction (k+1)/factor) weighs the samples from n - halfTaps + 1
 * to n + halfTaps around the point between n and n + 1. The original samples themselves need no
 * row. Used to see the peaks between samples (true peak), as an oversampling meter would.
 */
export function fractionalDelayRows(factor: number, halfTaps: number): Float32Array[] {
  const rows: Float32Array[] = [];
  for (let k = 1; k < factor; k++) {
    const fraction = k / factor;
    const row = new Float32Array(2 * halfTaps);
    for (let t = 0; t < row.length; t++) {
      const x = t - halfTaps + 1 - fraction;
      row[t] = sinc(x) * blackman(x / halfTaps);
    }
    rows.push(row);
  }
  return rows;
}
