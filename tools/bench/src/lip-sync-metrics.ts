import { pearson } from './voice-metrics.js';

/** A per-frame series; NaN where nothing was measured (no face in that frame). */
export type FrameSeries = readonly number[];

/**
 * Pearson correlation of mouth opening against audio level over the whole clip, at the lag
 * (within `maxLag` frames either way) that correlates best: a mouth leads or trails its sound
 * by a frame or two. Frames where either series is missing are left out.
 */
export function wholeClipSync(opening: FrameSeries, level: FrameSeries, maxLag: number): number {
  let best = Number.NaN;
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    const r = pearson(...pairsAt(opening, level, lag, 0, opening.length));
    if (!(r <= best)) best = r;
  }
  return best;
}

/**
 * The same inside speech only: within each line's frames both series are z-scored (so the
 * speech on/off pattern a dub shares with its source counts for nothing), the lines are joined
 * and correlated at the best common lag within `maxLag`. This is what tells a mouth that
 * moves with the new words from one that merely moves while someone speaks.
 */
export function insideSpeechSync(
  opening: FrameSeries,
  level: FrameSeries,
  lines: readonly { first: number; end: number }[],
  maxLag: number,
): number {
  let best = Number.NaN;
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    const joined: [number[], number[]] = [[], []];
    for (const line of lines) {
      const [a, b] = pairsAt(opening, level, lag, line.first, line.end);
      if (a.length < 4) continue;
      joined[0].push(...zScores(a));
      joined[1].push(...zScores(b));
    }
    const r = pearson(...joined);
    if (!(r <= best)) best = r;
  }
  return best;
}

/** Pairs (opening[t], level[t + lag]) for t in [from, to), both measured. */
function pairsAt(
  opening: FrameSeries,
  level: FrameSeries,
  lag: number,
  from: number,
  to: number,
): [number[], number[]] {
  const a: number[] = [];
  const b: number[] = [];
  for (let t = Math.max(0, from); t < Math.min(to, opening.length); t++) {
    const x = opening[t]!;
    const y = level[t + lag];
    if (Number.isFinite(x) && y !== undefined && Number.isFinite(y)) {
      a.push(x);
      b.push(y);
    }
  }
  return [a, b];
}

function zScores(values: readonly number[]): number[] {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / values.length);
  return values.map((v) => (sd > 1e-9 ? (v - mean) / sd : 0));
}
