import { Cancelled } from '@voxlate/core';
import { HttpError } from '../http/http-error.js';

interface Waiting {
  start: () => void;
  cancel: () => void;
}

/** Seconds a refused client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Runs at most `concurrency` jobs at once; the rest wait in arrival order. A full waiting
 * line is refused with 503 and Retry-After; a job whose client leaves while waiting never starts.
 */
export class JobRunner {
  private running = 0;
  private readonly waiting: Waiting[] = [];
  private readonly controllers = new Set<AbortController>();

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Resolves with the job's result; `onQueued` is told the place in line when it has to wait. */
  async run<T>(
    work: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal,
    onQueued?: (position: number) => void,
  ): Promise<T> {
    await this.acquire(signal, onQueued);
    const controller = new AbortController();
    const forward = (): void => controller.abort();
    signal.addEventListener('abort', forward, { once: true });
    this.controllers.add(controller);
    try {
      if (signal.aborted) throw new Cancelled();
      return await work(controller.signal);
    } finally {
      signal.removeEventListener('abort', forward);
      this.controllers.delete(controller);
      this.release();
    }
  }

  /** Aborts every running job (server shutdown). */
  abortAll(): void {
    for (const controller of this.controllers) controller.abort();
    for (const waiting of this.waiting.splice(0)) waiting.cancel();
  }

  private acquire(signal: AbortSignal, onQueued?: (position: number) => void): Promise<void> {
    if (this.running < this.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) {
      throw new HttpError(503, 'The service is busy: too many jobs are waiting. Please try again shortly.', {
        'Retry-After': String(RETRY_AFTER_SECONDS),
      });
    }
    return new Promise((resolve, reject) => {
      const entry: Waiting = {
        start: () => {
          signal.removeEventListener('abort', onAbort);
          this.running++;
          resolve();
        },
        cancel: () => reject(new Cancelled()),
      };
      const onAbort = (): void => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new Cancelled());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
      onQueued?.(this.waiting.length);
    });
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.start();
  }
}
