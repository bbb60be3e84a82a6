import type { CepstralTrack } from '../../dsp/mfcc.js';

/**
 * Dynamic time warping of two cepstral tracks (Euclidean frame distance; steps right, down and
 * diagonal, the diagonal not favoured so neither voice's pace is preferred). Returns, for each
 * frame of `from`, the frame of `to` the best path first reaches it at. O(n·m) time and memory:
 * a line of speech is a few hundred frames.
 */
export function alignFrames(from: CepstralTrack, to: CepstralTrack): Int32Array {
  const n = from.frames;
  const m = to.frames;
  const cost = new Float32Array(n * m);
  const c = from.coefficients;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      let d = 0;
      for (let k = 0; k < c; k++) {
        const diff = from.values[i * c + k]! - to.values[j * c + k]!;
        d += diff * diff;
      }
      d = Math.sqrt(d);
      const up = i > 0 ? cost[(i - 1) * m + j]! : Infinity;
      const left = j > 0 ? cost[i * m + j - 1]! : Infinity;
      const diagonal = i > 0 && j > 0 ? cost[(i - 1) * m + j - 1]! : Infinity;
      const best = i === 0 && j === 0 ? 0 : Math.min(up, left, diagonal);
      cost[i * m + j] = d + best;
    }
  }
  return backtrack(cost, n, m);
}

function backtrack(cost: Float32Array, n: number, m: number): Int32Array {
  const first = new Int32Array(n).fill(m - 1);
  let i = n - 1;
  let j = m - 1;
  first[i] = j;
  while (i > 0 || j > 0) {
    const up = i > 0 ? cost[(i - 1) * m + j]! : Infinity;
    const left = j > 0 ? cost[i * m + j - 1]! : Infinity;
    const diagonal = i > 0 && j > 0 ? cost[(i - 1) * m + j - 1]! : Infinity;
    if (diagonal <= up && diagonal <= left) {
      i--;
      j--;
    } else if (up <= left) i--;
    else j--;
    first[i] = Math.min(first[i]!, j);
  }
  return first;
}
