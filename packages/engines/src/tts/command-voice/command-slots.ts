import { availableParallelism } from 'node:os';

/**
 * At most `size` voice programs at once, the rest wait in order: each program is one busy core
 * while it runs, and lines of several jobs arriving together must not start a process each.
 */
export class CommandSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most that ever ran at once (for tests of the limit). */
  peak = 0;

  constructor(readonly size = availableParallelism()) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    // A slot freed while others wait is handed to the first of them, never left open to a newcomer.
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
