/**
 * The live endpointer keeps this much audio after a line's last speech: a caption's end less this
 * is when the speaker fell silent.
 */
export const LIVE_LINE_PADDING_SECONDS = 0.15;

/** A set of lines' lags, seconds. */
export interface LagFigures {
  lines: number;
  medianSeconds: number;
  p90Seconds: number;
  worstSeconds: number;
}

/**
 * When each stretch of a live stream was sent, to tell each line's lag the one way the studio,
 * the CLI and the benchmark report it: from the moment the frame holding the line's last sound
 * was sent to the moment its dubbed speech arrived.
 */
export class LiveLagClock {
  /** Seconds of the stream sent by the end of each frame, and when each frame was sent (ms). */
  private readonly ends: number[] = [];
  private readonly times: number[] = [];
  private sentSeconds = 0;

  /** A frame of `seconds` of audio was sent at `at` (ms, performance.now()). */
  sent(seconds: number, at: number): void {
    this.sentSeconds += seconds;
    this.ends.push(this.sentSeconds);
    this.times.push(at);
  }

  /** The line's lag in seconds, its dub having arrived at `arrivedAt` (ms); undefined before any frame. */
  lagOf(line: { start: number; end: number }, arrivedAt: number): number | undefined {
    if (this.ends.length === 0) return undefined;
    const lastSound = Math.max(line.start, line.end - LIVE_LINE_PADDING_SECONDS);
    // The first frame that ends after the last sound holds it.
    let low = 0;
    let high = this.ends.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.ends[middle]! > lastSound) high = middle;
      else low = middle + 1;
    }
    return (arrivedAt - this.times[low]!) / 1000;
  }
}

/** Median, 90th percentile and worst of some lags (NaN for none). */
export function lagFigures(lags: readonly number[]): LagFigures {
  const sorted = [...lags].sort((a, b) => a - b);
  const at = (q: number): number => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN);
  return {
    lines: sorted.length,
    medianSeconds: at(0.5),
    p90Seconds: at(0.9),
    worstSeconds: round(sorted.at(-1) ?? NaN),
  };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
