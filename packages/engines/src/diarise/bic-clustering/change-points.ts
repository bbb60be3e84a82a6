import { deltaBic, GaussianStats } from './gaussian-stats.js';

/** Frames of one stretch of speech: features (frame-major) and each frame's time in seconds. */
export interface FeatureFrames {
  values: Float32Array;
  times: Float64Array;
  dimensions: number;
}

export interface ChangeOptions {
  /** Frames either side of a candidate change that are compared. */
  windowFrames: number;
  /** No piece shorter than this many frames is cut off. */
  minPieceFrames: number;
  penalty: number;
}

/**
 * Where the speaker changes inside one stretch of speech: the candidate point whose two
 * neighbouring windows differ most by ΔBIC, if it is positive, then again within each side.
 * Returns frame indices, ascending.
 */
export function findChangePoints(frames: FeatureFrames, options: ChangeOptions): number[] {
  const count = frames.times.length;
  const prefix = prefixStats(frames);
  const statsBetween = (from: number, to: number): GaussianStats => prefix[to]!.minus(prefix[from]!);
  const search = (from: number, to: number): number[] => {
    let best = -1;
    let bestScore = 0;
    for (let t = from + options.minPieceFrames; t <= to - options.minPieceFrames; t += 5) {
      const left = statsBetween(Math.max(from, t - options.windowFrames), t);
      const right = statsBetween(t, Math.min(to, t + options.windowFrames));
      const score = deltaBic(left, right, options.penalty);
      if (score > bestScore) {
        bestScore = score;
        best = t;
      }
    }
    return best < 0 ? [] : [...search(from, best), best, ...search(best, to)];
  };
  return search(0, count);
}

/** prefix[i] holds the statistics of frames [0, i). */
function prefixStats(frames: FeatureFrames): GaussianStats[] {
  const d = frames.dimensions;
  const prefix = [new GaussianStats(d)];
  let running = prefix[0]!;
  for (let f = 0; f < frames.times.length; f++) {
    const next = new GaussianStats(d, running.count, running.sum.slice(), running.outer.slice());
    next.add(frames.values, f * d);
    prefix.push(next);
    running = next;
  }
  return prefix;
}
