/**
 * Sufficient statistics of a full-covariance Gaussian over feature frames (count, sum and sum
 * of outer products), so that two clusters merge by adding and a window's statistics come from
 * prefix sums.
 */
export class GaussianStats {
  constructor(
    readonly dimensions: number,
    public count = 0,
    readonly sum = new Float64Array(dimensions),
    readonly outer = new Float64Array(dimensions * dimensions),
  ) {}

  static of(values: Float32Array, dimensions: number, from = 0, to = values.length / dimensions): GaussianStats {
    const stats = new GaussianStats(dimensions);
    for (let f = from; f < to; f++) stats.add(values, f * dimensions);
    return stats;
  }

  add(values: Float32Array, offset: number): void {
    const d = this.dimensions;
    this.count++;
    for (let i = 0; i < d; i++) {
      const x = values[offset + i]!;
      this.sum[i]! += x;
      for (let j = 0; j < d; j++) this.outer[i * d + j]! += x * values[offset + j]!;
    }
  }

  plus(other: GaussianStats): GaussianStats {
    const merged = new GaussianStats(this.dimensions, this.count + other.count);
    for (let i = 0; i < this.sum.length; i++) merged.sum[i] = this.sum[i]! + other.sum[i]!;
    for (let i = 0; i < this.outer.length; i++) merged.outer[i] = this.outer[i]! + other.outer[i]!;
    return merged;
  }

  minus(other: GaussianStats): GaussianStats {
    const rest = new GaussianStats(this.dimensions, this.count - other.count);
    for (let i = 0; i < this.sum.length; i++) rest.sum[i] = this.sum[i]! - other.sum[i]!;
    for (let i = 0; i < this.outer.length; i++) rest.outer[i] = this.outer[i]! - other.outer[i]!;
    return rest;
  }

  /**
   * log-determinant of the covariance, with a small ridge so that a short window (few frames,
   * nearly singular) cannot look infinitely tight.
   */
  logDeterminant(ridge = 1e-2): number {
    const d = this.dimensions;
    const n = Math.max(1, this.count);
    const covariance = new Float64Array(d * d);
    for (let i = 0; i < d; i++) {
      for (let j = 0; j < d; j++) {
        covariance[i * d + j] = this.outer[i * d + j]! / n - (this.sum[i]! / n) * (this.sum[j]! / n);
      }
      covariance[i * d + i]! += ridge;
    }
    return choleskyLogDeterminant(covariance, d);
  }

  mean(): Float64Array {
    return this.sum.map((value) => value / Math.max(1, this.count));
  }
}

/** log|A| of a symmetric positive-definite matrix, by Cholesky (in place). */
function choleskyLogDeterminant(a: Float64Array, d: number): number {
  let logDet = 0;
  for (let j = 0; j < d; j++) {
    let diagonal = a[j * d + j]!;
    for (let k = 0; k < j; k++) diagonal -= a[j * d + k]! ** 2;
    if (diagonal <= 1e-12) diagonal = 1e-12;
    const pivot = Math.sqrt(diagonal);
    a[j * d + j] = pivot;
    logDet += 2 * Math.log(pivot);
    for (let i = j + 1; i < d; i++) {
      let value = a[i * d + j]!;
      for (let k = 0; k < j; k++) value -= a[i * d + k]! * a[j * d + k]!;
      a[i * d + j] = value / pivot;
    }
  }
  return logDet;
}

/**
 * ΔBIC of modelling two sets of frames with one Gaussian rather than two (Chen & Gopalakrishnan,
 * 1998): positive means they are better told apart (different speakers), negative means one
 * Gaussian explains both. `penalty` (λ) trades the two.
 */
export function deltaBic(a: GaussianStats, b: GaussianStats, penalty: number): number {
  const both = a.plus(b);
  const d = a.dimensions;
  const gain = 0.5 * (both.count * both.logDeterminant() - a.count * a.logDeterminant() - b.count * b.logDeterminant());
  const parameters = d + (d * (d + 1)) / 2;
  return gain - penalty * 0.5 * parameters * Math.log(both.count);
}
