import type { DecoderProcess } from '../decoder-process.js';
import { DEFAULT_WARM_IDLE_MS } from '../../warm-cache.js';

/**
 * Decoder processes kept warm between jobs, at most `size` of them: loading PocketSphinx's model
 * takes about a second, longer than decoding a short clip. Started when first needed; a decoder
 * that failed or was stopped is discarded and a new one started in its place when asked for. A
 * decoder nobody has asked for in `idleMs` (VOXLATE_ENGINE_IDLE_SECONDS) is stopped and its
 * memory given back; the next job starts one again.
 */
export class WarmDecoderPool {
  private idle: { decoder: DecoderProcess; since: number }[] = [];
  private readonly waiting: { resolve: (decoder: DecoderProcess) => void; reject: (error: unknown) => void }[] = [];
  private running = 0;
  private closed = false;
  private sweep: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly size: number,
    private readonly start: () => Promise<DecoderProcess>,
    private readonly idleMs = DEFAULT_WARM_IDLE_MS,
  ) {}

  /** Decoders started and not stopped (busy or idle). */
  get started(): number {
    return this.running;
  }

  /** An idle decoder, or a new one while fewer than `size` run, or else the next one released. */
  acquire(): Promise<DecoderProcess> {
    if (this.closed) return Promise.reject(new Error('The decoder pool is closed.'));
    const idle = this.idle.pop();
    if (idle) return Promise.resolve(idle.decoder);
    if (this.running < this.size) return this.startOne();
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** Gives back a decoder that is still sound, for the next line of work. */
  release(decoder: DecoderProcess): void {
    if (this.closed) return void decoder.close();
    const next = this.waiting.shift();
    if (next) next.resolve(decoder);
    else {
      this.idle.push({ decoder, since: Date.now() });
      this.scheduleSweep();
    }
  }

  /** Gives back a decoder that failed or was killed: it is stopped, and a waiting job gets a new one. */
  discard(decoder: DecoderProcess): void {
    decoder.kill();
    this.running--;
    const next = this.waiting.shift();
    if (next && !this.closed) this.startOne().then(next.resolve, next.reject);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.sweep);
    for (const waiter of this.waiting.splice(0)) waiter.reject(new Error('The decoder pool is closed.'));
    await Promise.all(this.idle.splice(0).map(({ decoder }) => decoder.close()));
  }

  /** Wakes when the longest-idle decoder reaches `idleMs` (the timer never keeps the process alive). */
  private scheduleSweep(): void {
    if (this.sweep || this.idle.length === 0 || this.closed) return;
    const oldest = Math.min(...this.idle.map((entry) => entry.since));
    this.sweep = setTimeout(() => this.stopIdle(), Math.max(0, oldest + this.idleMs - Date.now()));
    this.sweep.unref();
  }

  private stopIdle(): void {
    this.sweep = undefined;
    const now = Date.now();
    const stale = this.idle.filter((entry) => now - entry.since >= this.idleMs);
    this.idle = this.idle.filter((entry) => now - entry.since < this.idleMs);
    this.running -= stale.length;
    for (const { decoder } of stale) void decoder.close().catch(() => decoder.kill());
    this.scheduleSweep();
  }

  private async startOne(): Promise<DecoderProcess> {
    this.running++;
    try {
      return await this.start();
    } catch (error) {
      this.running--;
      throw error;
    }
  }
}
