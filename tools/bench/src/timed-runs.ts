/** Warm runs timed for each figure (the median is quoted, the range beside it). */
export const RUNS = 5;

/** A figure timed several times: its median and its range. */
export interface Spread {
  median: number;
  low: number;
  high: number;
}

export async function timedRuns(run: () => Promise<number>, count = RUNS): Promise<Spread> {
  const values: number[] = [];
  for (let i = 0; i < count; i++) values.push(await run());
  return spread(values);
}

export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? 0, low: sorted[0] ?? 0, high: sorted.at(-1) ?? 0 };
}

/** "median (low-high)", in seconds to two places. */
export function show(figure: Spread): string {
  return `${figure.median.toFixed(2)} (${figure.low.toFixed(2)}-${figure.high.toFixed(2)})`;
}
