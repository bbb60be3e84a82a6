import type { DecoderProcess } from '../decoder-process.js';

/**
 * Decoder processes kept warm between jobs, at most `size` of them: loading PocketSphinx's model
 * takes about a second, longer than decoding a short clip. Started when first needed; a decoder
 * that failed or was stopped is discarded and a new one started in its place when asked for.
 */
export class WarmDecoderPool {
  private readonly idle: DecoderProcess[] = [];
  private readonly waiting: { resolve: (decoder: DecoderProcess) => void; reject: (error: unknown) => void }[] = [];
  private running = 0;
  private closed = false;

  constructor(
    readonly size: number,
    private readonly start: () => Promise<DecoderProcess>,
  ) {}

  /** An idle decoder, or a new one while fewer than `size` run, or else the next one released. */
  acquire(): Promise<DecoderProcess> {
    if (this.closed) return Promise.reject(new Error('The decoder pool is closed.'));
    const idle = this.idle.pop();
    if (idle) return Promise.resolve(idle);
    if (this.running < this.size) return this.startOne();
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** Gives back a decoder that is still sound, for the next line of work. */
  release(decoder: DecoderProcess): void {
    if (this.closed) return void decoder.close();
    const next = this.waiting.shift();
    if (next) next.resolve(decoder);
    else this.idle.push(decoder);
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
    for (const waiter of this.waiting.splice(0)) waiter.reject(new Error('The decoder pool is closed.'));
    await Promise.all(this.idle.splice(0).map((decoder) => decoder.close()));
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
