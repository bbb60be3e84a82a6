import { TimedOut } from '../errors.js';
import { whenAborted } from '../when-aborted.js';

/** How long a job may run: a fixed allowance plus so many seconds per second of media. */
export interface TimeLimit {
  baseSeconds: number;
  perMediaSecond: number;
}

/** Generous: 10 minutes plus ten times the media's length (a 30-minute file gets 5 h 10 min). */
export const DEFAULT_TIME_LIMIT: TimeLimit = { baseSeconds: 600, perMediaSecond: 10 };

export function timeLimitSeconds(limit: TimeLimit, mediaSeconds: number): number {
  return limit.baseSeconds + limit.perMediaSecond * mediaSeconds;
}

/**
 * The signal a job runs under: it follows the caller's signal, and fires on its own once the
 * job's time is up, so a stage stuck on a hung engine cannot hold a job (and its slot) for ever.
 */
export class JobDeadline {
  private readonly controller = new AbortController();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private expired: TimedOut | undefined;

  private readonly stopForwarding: () => void;

  constructor(outer: AbortSignal | undefined) {
    this.stopForwarding = whenAborted(outer, () => this.controller.abort());
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Starts the clock once the media's real length is known. */
  arm(limit: TimeLimit, mediaSeconds: number): void {
    const seconds = timeLimitSeconds(limit, mediaSeconds);
    this.timer = setTimeout(() => {
      this.expired = new TimedOut(seconds, mediaSeconds);
      this.controller.abort();
    }, seconds * 1000);
  }

  /** What a failed job reports: TimedOut when the deadline stopped it, else its own error. */
  explain(error: unknown): unknown {
    return this.expired ?? error;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.stopForwarding();
  }
}
