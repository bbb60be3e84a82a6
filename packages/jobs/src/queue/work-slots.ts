import { Busy, Cancelled, TooManyJobs, whenAborted } from '@voxlate/core';
import { WORKSPACE_CLIENT } from '@voxlate/workspace';
import { PROCESS_STOPPING } from '../job-updates.js';

interface Waiting {
  start: () => void;
  cancel: () => void;
}

/**
 * A job's place, kept from the moment it is admitted: in its client's share, and in the line
 * until it starts running or waiting. Admission is decided once, when the request arrives; the
 * job itself is never refused later.
 */
export interface Admitted {
  readonly client: string;
  /** The job has been put in line (or was never going to be): it no longer holds a place ahead of it. */
  arrive(): void;
  /** Gives the places back (the job ended, or was abandoned before it was put in line); once only. */
  release(): void;
}

/** Seconds a refused client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

/**
 * How many may wait, in all and per client, for one kind of job: a request that holds its
 * connection open (the spec's endpoints) is allowed a short line; a stored job (the jobs API),
 * which waits on disk, a long one. Both share the same running places.
 */
export type Admission = Pick<JobLimits, 'maxWaiting' | 'maxPerClient'>;

/** For a job admitted once already (resumed, or tried again): never refused for the line being full. */
export const ALREADY_ADMITTED: Admission = {
  maxWaiting: Number.MAX_SAFE_INTEGER,
  maxPerClient: Number.MAX_SAFE_INTEGER,
};

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
  /** Admitted jobs not yet running or waiting (their record is being written): they count as in line. */
  private arriving = 0;

  constructor(private readonly limits: JobLimits) {}

  stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Resolves with the job's result. `admitted` is the job's place (see `admit`); `onQueued` is
   * told the place in line when the job has to wait. The place is given back when the job ends.
   */
  async run<T>(
    work: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal,
    options: { admitted: Admitted; onQueued?: (position: number) => void },
  ): Promise<T> {
    try {
      return await this.runAdmitted(work, signal, options.admitted, options.onQueued);
    } finally {
      options.admitted.release();
    }
  }

  /**
   * Admits a job of `client` now or throws its 429 (past the client's share) or 503 (line full):
   * the check and the taking of the place are one step, so a burst of requests can never all
   * pass the check and then be refused half-way through their jobs.
   */
  admit(client: string, admission: Admission = this.limits, jobs = 1): Admitted {
    this.checkAdmission(client, admission, jobs);
    this.perClient.set(client, (this.perClient.get(client) ?? 0) + jobs);
    this.arriving++;
    let arrived = false;
    let released = false;
    const arrive = (): void => {
      if (arrived) return;
      arrived = true;
      this.arriving--;
    };
    return {
      client,
      arrive,
      release: () => {
        if (released) return;
        released = true;
        arrive();
        this.leave(client, jobs);
      },
    };
  }

  private async runAdmitted<T>(
    work: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal,
    admitted: Admitted,
    onQueued?: (position: number) => void,
  ): Promise<T> {
    await this.acquire(signal, admitted, onQueued);
    const controller = new AbortController();
    const stopForwarding = whenAborted(signal, () => controller.abort(signal.reason));
    this.controllers.add(controller);
    try {
      if (signal.aborted) throw new Cancelled();
      return await work(controller.signal);
    } finally {
      stopForwarding();
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
   * Throws the 429 or 503 that `admit` would throw for this client now, taking no place: for
   * answers that must be refused with a status before a stream opens (the SSE endpoint). `jobs`
   * is what the request counts against the client's share: a group, one a language.
   */
  checkAdmission(client: string, admission: Admission = this.limits, jobs = 1): void {
    const mine = this.perClient.get(client) ?? 0;
    if (mine + jobs > admission.maxPerClient) throw clientShareFull(mine, jobs, admission.maxPerClient, client);
    // In line: those running, those waiting, and those admitted whose records are being written.
    const places = this.limits.concurrency + admission.maxWaiting;
    if (this.running + this.waiting.length + this.arriving >= places) throw lineFull();
  }

  private leave(client: string, jobs: number): void {
    const left = (this.perClient.get(client) ?? jobs) - jobs;
    if (left > 0) this.perClient.set(client, left);
    else this.perClient.delete(client);
  }

  /** A running place, at once or after those waiting ahead: an admitted job is never turned away. */
  private acquire(signal: AbortSignal, admitted: Admitted, onQueued?: (position: number) => void): Promise<void> {
    admitted.arrive();
    if (this.running < this.limits.concurrency) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      let stopWaiting = (): void => undefined;
      const entry: Waiting = {
        start: () => {
          stopWaiting();
          this.running++;
          resolve();
        },
        cancel: () => reject(new Cancelled()),
      };
      this.waiting.push(entry);
      // A job whose signal fired before it came here leaves the line at once.
      stopWaiting = whenAborted(signal, () => {
        const index = this.waiting.indexOf(entry);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(new Cancelled());
      });
      if (!signal.aborted) onQueued?.(this.waiting.length);
    });
  }

  private release(): void {
    this.running--;
    this.waiting.shift()?.start();
  }
}

/**
 * The 429 of a client past its share, whichever queue counted its jobs: `mine` jobs running or
 * waiting, `asked` more asked for (a dub into several languages is a job a language), at most
 * `share` at once. A workspace's share is named as such (it is the limit its whole team hit).
 */
export function clientShareFull(mine: number, asked = 1, share = Number.POSITIVE_INFINITY, client = ''): TooManyJobs {
  if (client.startsWith(WORKSPACE_CLIENT)) {
    return new TooManyJobs(
      `This workspace already has ${mine} jobs running or waiting and may have ${share} at once` +
        `${asked === 1 ? '' : ` (this dub into ${asked} languages is ${asked} jobs)`}: ` +
        'wait for some to finish, or ask for fewer languages.',
      RETRY_AFTER_SECONDS,
    );
  }
  const message =
    asked === 1
      ? `You already have ${mine} jobs running or waiting: wait for one to finish before starting another.`
      : asked > share
        ? `A dub into ${asked} languages is ${asked} jobs, more than the ${share} one client may have running or ` +
          'waiting: ask for fewer languages at once.'
        : `A dub into ${asked} languages is ${asked} jobs, and you already have ${mine} running or waiting ` +
          `(at most ${share}): wait for some to finish, or ask for fewer languages.`;
  return new TooManyJobs(message, RETRY_AFTER_SECONDS);
}

/** The 503 of a full waiting line, whichever queue counted it. */
export function lineFull(): Busy {
  return new Busy('The service is busy: too many jobs are waiting. Please try again shortly.', RETRY_AFTER_SECONDS);
}
