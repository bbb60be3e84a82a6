import type { JobUpdate } from './job-updates.js';

/** An update as sent: numbered per job, so a client that reconnects names the last one it saw. */
export interface NumberedUpdate {
  id: number;
  update: JobUpdate;
}

export type JobListener = (event: NumberedUpdate) => void;

interface JobLog {
  next: number;
  /** The newest progress figure and phase. */
  progress?: { progress: number; phase: string };
  kept: NumberedUpdate[];
  listeners: Set<JobListener>;
}

/** Updates kept per job for clients that reconnect (progress comes in whole percents: a job sends a few hundred). */
const KEPT_PER_JOB = 400;
/** Jobs whose updates are kept (the oldest log goes first; its clients get a snapshot instead). */
const KEPT_JOBS = 500;

/**
 * Every job's updates as they happen, numbered and kept for a while, so that a client that
 * reconnects with the last number it saw (SSE Last-Event-ID) gets exactly what it missed. When
 * that is no longer kept (or the service restarted since), the caller sends a snapshot instead.
 */
export class JobEventHub {
  private readonly logs = new Map<string, JobLog>();
  /** Names this process's numbering: a number from before a restart means nothing now. */
  readonly epoch = Date.now().toString(36);

  /** The SSE id of an update: the epoch and its number. */
  eventId(event: NumberedUpdate): string {
    return `${this.epoch}-${event.id}`;
  }

  /** The number in an SSE Last-Event-ID of this process, or undefined (none, another process's, garbage). */
  numberOf(lastEventId: string | undefined): number | undefined {
    const match = /^([0-9a-z]+)-(\d{1,9})$/.exec(lastEventId ?? '');
    if (!match || match[1] !== this.epoch) return undefined;
    return Number(match[2]);
  }

  publish(jobId: string, update: JobUpdate): void {
    const log = this.logOf(jobId);
    const event = { id: log.next++, update };
    if (update.type === 'progress') log.progress = { progress: update.progress, phase: update.phase };
    // A job put in line again (a render of edited lines) starts a new run: the last run's
    // "Done" at 100 no longer describes it.
    if (update.type === 'state' && update.state === 'queued') delete log.progress;
    log.kept.push(event);
    if (log.kept.length > KEPT_PER_JOB) log.kept.shift();
    for (const listener of log.listeners) listener(event);
  }

  /** The newest progress figure and phase of a job this process has run, if any. */
  progressOf(jobId: string): { progress: number; phase: string } | undefined {
    return this.logs.get(jobId)?.progress;
  }

  /** The number of the newest update of the job (0 before any). */
  lastId(jobId: string): number {
    return (this.logs.get(jobId)?.next ?? 1) - 1;
  }

  /**
   * Follows a job: returns the kept updates after `after` (or undefined when some of them are
   * no longer kept: the caller must send a snapshot), and calls `listener` with every new one.
   */
  follow(
    jobId: string,
    after: number | undefined,
    listener: JobListener,
  ): { missed?: NumberedUpdate[]; stop: () => void } {
    const log = this.logOf(jobId);
    log.listeners.add(listener);
    const stop = (): void => {
      log.listeners.delete(listener);
    };
    if (after === undefined || after >= log.next) return { stop };
    const oldestKept = log.kept[0]?.id ?? log.next;
    if (after < oldestKept - 1) return { stop };
    return { missed: log.kept.filter((event) => event.id > after), stop };
  }

  forget(jobId: string): void {
    this.logs.delete(jobId);
  }

  private logOf(jobId: string): JobLog {
    let log = this.logs.get(jobId);
    if (!log) {
      log = { next: 1, kept: [], listeners: new Set() };
      this.logs.set(jobId, log);
      if (this.logs.size > KEPT_JOBS) this.dropOldestIdle();
    }
    return log;
  }

  private dropOldestIdle(): void {
    for (const [id, log] of this.logs) {
      if (log.listeners.size > 0) continue;
      this.logs.delete(id);
      return;
    }
  }
}
