import type { Fit } from '../timeline.js';

/** One line to place: its source slot and how long its synthesised speech lasts. */
export interface LineToFit {
  start: number;
  end: number;
  speechSeconds: number;
}

export interface FitOptions {
  /** Highest speed-up allowed before a line overflows (1.3 = 30 % faster). */
  tempoCap: number;
  /** Silence always kept between two dubbed lines. */
  minGapSeconds: number;
  /** Largest tempo change between neighbouring sped-up lines, so speed does not jump. */
  tempoStepPerLine: number;
}

export const DEFAULT_FIT: FitOptions = {
  tempoCap: 1.3,
  minGapSeconds: 0.05,
  tempoStepPerLine: 0.05,
};

export interface PlannedFit extends Fit {
  /** Where the dubbed line starts in the output, seconds. */
  placedStart: number;
  /** Length of the dubbed line after stretching, seconds. */
  placedSeconds: number;
}

/**
 * Places dubbed lines on the source timeline. Each line starts at its source start; a line
 * longer than its slot first takes the silence before the next line, then is sped up up to
 * the cap, and only then overflows, pushing later lines back so no two ever overlap; a pushed
 * line takes the pause after it, then speeds up within the cap to get back in time. A line
 * that fits its slot and is not pushed is never sped up. Speed-ups of adjacent sped-up lines differ by at most
 * `tempoStepPerLine`, unless the cap or a line's own need forbids it.
 */
export function planTiming(
  lines: readonly LineToFit[],
  mediaSeconds: number,
  options: FitOptions = DEFAULT_FIT,
): PlannedFit[] {
  const limits = lines.map((_, i) => nextLimit(lines, i, mediaSeconds, options.minGapSeconds));
  const eligible = lines.map((line) => line.speechSeconds > line.end - line.start + 1e-9);
  const needed = lines.map((line, i) =>
    eligible[i] ? clamp(line.speechSeconds / Math.max(limits[i]! - line.start, 1e-6), 1, options.tempoCap) : 1,
  );
  const tempos = smoothTempos(needed, eligible, options);
  return placeSequentially(lines, tempos, eligible, limits, options);
}

/** The latest moment line i may run to: just before the next line, or the end of the media. */
function nextLimit(lines: readonly LineToFit[], i: number, mediaSeconds: number, gap: number): number {
  const next = lines[i + 1];
  return next ? next.start - gap : mediaSeconds;
}

/**
 * Raises each sped-up line's tempo to the envelope max_j(needed_j - step * |i - j|) over the
 * run of consecutive sped-up lines it belongs to: never below its own need, and changing
 * by at most one step between neighbours.
 */
export function smoothTempos(needed: number[], eligible: boolean[], options: FitOptions): number[] {
  const tempos = [...needed];
  for (let i = 0; i < needed.length; i++) {
    if (!eligible[i]) continue;
    for (let j = i - 1; j >= 0 && eligible[j]; j--) {
      tempos[i] = Math.max(tempos[i]!, needed[j]! - options.tempoStepPerLine * (i - j));
    }
    for (let j = i + 1; j < needed.length && eligible[j]; j++) {
      tempos[i] = Math.max(tempos[i]!, needed[j]! - options.tempoStepPerLine * (j - i));
    }
    tempos[i] = clamp(tempos[i]!, 1, options.tempoCap);
  }
  return tempos;
}

function placeSequentially(
  lines: readonly LineToFit[],
  tempos: number[],
  eligible: boolean[],
  limits: number[],
  options: FitOptions,
): PlannedFit[] {
  const planned: PlannedFit[] = [];
  let previousEnd = -Infinity;
  lines.forEach((line, i) => {
    const placedStart = Math.max(line.start, previousEnd + options.minGapSeconds);
    const available = limits[i]! - placedStart;
    let tempo = tempos[i]!;
    // A line pushed back by an overflowing one may speed up too, to get back in time before the
    // next: the overflow is absorbed by the lines and pauses after it, not carried to the end.
    const pushed = placedStart > line.start + 1e-9;
    if ((eligible[i] || pushed) && line.speechSeconds / tempo > available) {
      tempo = clamp(line.speechSeconds / Math.max(available, 1e-6), tempo, options.tempoCap);
    }
    const placedSeconds = line.speechSeconds / tempo;
    const overflow = Math.max(0, placedSeconds - Math.max(available, 0));
    previousEnd = placedStart + placedSeconds;
    planned.push({
      tempo: round3(tempo),
      shift: round3(placedStart - line.start),
      overflow: round3(overflow),
      placedStart: round3(placedStart),
      placedSeconds: round3(placedSeconds),
    });
  });
  return planned;
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
