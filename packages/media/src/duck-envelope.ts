export interface Span {
  start: number;
  end: number;
}

/**
 * The gain applied to the original audio: 1 outside dubbed speech, `duckGain` under it,
 * with raised-cosine fades of `fadeSeconds` before and after each span. Spans closer than
 * two fades are joined so the background does not pump between close lines.
 */
export class DuckEnvelope {
  private readonly spans: Span[];
  private cursor = 0;

  constructor(
    spans: readonly Span[],
    private readonly duckGain: number,
    private readonly fadeSeconds: number,
  ) {
    this.spans = joinClose(
      [...spans].sort((a, b) => a.start - b.start),
      2 * fadeSeconds,
    );
  }

  /** Gain at time t. Calls must come in non-decreasing t (the mixer streams forward). */
  gainAt(t: number): number {
    while (this.cursor < this.spans.length && this.spans[this.cursor]!.end + this.fadeSeconds <= t) this.cursor++;
    const span = this.spans[this.cursor];
    if (!span || t <= span.start - this.fadeSeconds) return 1;
    const depth = this.depthAt(span, t);
    return 1 + (this.duckGain - 1) * depth;
  }

  /** 0 = no duck, 1 = full duck. */
  private depthAt(span: Span, t: number): number {
    if (t < span.start) return rampUp((t - (span.start - this.fadeSeconds)) / this.fadeSeconds);
    if (t <= span.end) return 1;
    return rampUp(1 - (t - span.end) / this.fadeSeconds);
  }
}

function rampUp(x: number): number {
  const clamped = Math.min(1, Math.max(0, x));
  return 0.5 - 0.5 * Math.cos(Math.PI * clamped);
}

function joinClose(spans: Span[], maxGap: number): Span[] {
  const joined: Span[] = [];
  for (const span of spans) {
    const last = joined.at(-1);
    if (last && span.start - last.end <= maxGap) last.end = Math.max(last.end, span.end);
    else joined.push({ ...span });
  }
  return joined;
}

export function decibelsToGain(db: number): number {
  return 10 ** (db / 20);
}
