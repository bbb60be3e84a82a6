import { Cancelled } from '@voxlate/core';
import { PROCESS_STOPPING } from '@voxlate/jobs';
import { HttpError } from '../http/http-error.js';

interface Waiting {
  start: () => void;
  cancel: () => void;
}

/** Seconds a refused client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

/**
 * How many may wait, in all and per client, for one kind of job: a request that holds its
 * connection open (the spec's endpoints) is allowed a short line; a stored job (the jobs API),
 * which waits on disk, a long one. Both share the same running places.
 */
export type Admission = Pick<JobLimits, 'maxWaiting' | 'maxPerClient'>;

export interface JobLimits {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs allowed to wait; one more is refused with 503. */
  maxWaiting: number;
  /** Jobs one client may have running or waiting; one more is refused with 429. */
  maxPerClient: number;
}

/**
 * The work slots of this process: at most `concurrency` jobs run at once (spec requests and
 * stored jobs alike); the rest wait in arrival order. A full waiting
 * line is refused with 503 and Retry-After; a client past its own share with 429, so that one
 * client cannot fill the line and turn everyone else away. A job whose client leaves while
 * waiting never starts.
 */
export class WorkSlots {
  private running = 0;
  private readonly waiting: Waiting[] = [];
  private readonly controllers = new Set<AbortController>();
  private readonly perClient = new Map<string, number>();

  constructor(private readonly limits: JobLimits) {}

  stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Resolves with the job's result. `client` names who asked (the address); `onQueued` is told
   * the place in line when the job has to wait.
   */
  async run<T>(
    work: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal,
    options: { client: string; onQueued?: (position: number) => void; admission?: Admission },
  ): Promise<T> {
    const admission = options.admission ?? this.limits;
    this.admit(options.client, admission);
    try {
      return await this.runAdmitted(work, signal, admission, options.onQueued);
    } finally {
      this.leave(options.client);
    }
  }

  private async runAdmitted<T>(
    work: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal,
    admission: Admission,
    onQueued?: (position: number) => void,
  ): Promise<T> {
    await this.acquire(signal, admission, onQueued);
    const controller = new AbortController();
    const forward = (): void => controller.abort(signal.reason);
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

  /** Aborts every running job (server shutdown): stored jobs see why, and resume at the next start. */
  abortAll(): void {
    for (const controller of this.controllers) controller.abort(PROCESS_STOPPING);
    for (const waiting of this.waiting.splice(0)) waiting.cancel();
  }

  /**
   * Throws the 429 or 503 that `run` would throw for this client now: for answers that must
   * be refused with a status before a stream opens (the SSE endpoint).
   */
  checkAdmission(client: string, admission: Admission = this.limits): void {
    const jobs = this.perClient.get(client) ?? 0;
    if (jobs >= admission.maxPerClient) {
      throw new HttpError(
        429,
        `You already have ${jobs} jobs running or waiting: wait for one to finish before starting another.`,
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
    if (this.running >= this.limits.concurrency && this.waiting.length >= admission.maxWaiting) throw lineFull();
  }

  private admit(client: string, admission: Admission): void {
    const jobs = this.perClient.get(client) ?? 0;
    this.checkAdmission(client, admission);
    this.perClient.set(client, jobs + 1);
  }

  private leave(client: string): void {
    const jobs = (this.perClient.get(client) ?? 1) - 1;
    if (jobs > 0) this.perClient.set(client, jobs);
    else this.perClient.delete(client);
  }

  private acquire(signal: AbortSignal, admission: Admission, onQueued?: (position: number) => void): Promise<void> {
    if (this.running < this.limits.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= admission.maxWaiting) throw lineFull();
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

function lineFull(): HttpError {
  return new HttpError(503, 'The service is busy: too many jobs are waiting. Please try again shortly.', {
    'Retry-After': String(RETRY_AFTER_SECONDS),
  });
}
