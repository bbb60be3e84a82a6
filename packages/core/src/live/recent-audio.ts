/**
 * The last seconds of a live stream, kept so that a line can be read again from where it began
 * (the detector decides a line has started a little after its first sound) and measured once it
 * ends. Older audio is let go: a session's memory does not grow with its length.
 */
export class RecentAudio {
  private readonly chunks: { first: number; samples: Float32Array }[] = [];
  /** Samples received so far. */
  private received = 0;

  constructor(
    readonly sampleRate: number,
    private readonly keepSeconds: number,
  ) {}

  /** Seconds of audio received so far. */
  get seconds(): number {
    return this.received / this.sampleRate;
  }

  append(samples: Float32Array): void {
    this.chunks.push({ first: this.received, samples });
    this.received += samples.length;
    const keepFrom = this.received - Math.ceil(this.keepSeconds * this.sampleRate);
    while (this.chunks.length > 1 && this.chunks[0]!.first + this.chunks[0]!.samples.length <= keepFrom) {
      this.chunks.shift();
    }
  }

  /** The samples between two times (seconds of the stream); what was let go reads as nothing. */
  read(start: number, end: number): Float32Array {
    const from = Math.max(0, Math.round(start * this.sampleRate));
    const to = Math.min(this.received, Math.round(end * this.sampleRate));
    const out = new Float32Array(Math.max(0, to - from));
    for (const chunk of this.chunks) {
      const lo = Math.max(from, chunk.first);
      const hi = Math.min(to, chunk.first + chunk.samples.length);
      if (hi > lo) out.set(chunk.samples.subarray(lo - chunk.first, hi - chunk.first), lo - from);
    }
    return out;
  }
}
