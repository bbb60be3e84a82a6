/**
 * At most `size` pieces of work at once, the rest wait in the order they came: a slot freed while
 * others wait is handed to the first of them, never left open to a newcomer. Used where each
 * piece keeps a core busy (a voice program, a language's dub).
 */
export class RunSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most that ever ran at once (for tests of the limit). */
  peak = 0;

  constructor(readonly size: number) {}

  /** Whether work asked for now would start at once. */
  free(): boolean {
    return this.running < this.size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    this.peak = Math.max(this.peak, this.running);
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
