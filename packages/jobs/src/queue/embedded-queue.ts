import { Cancelled, isVoxlateError } from '@voxlate/core';
import { jobsOfEntry, queueEntryOf } from '../job-group.js';
import { JobProcessor, type DubInFolder, type JobProcessorOptions } from '../job-processor.js';
import { PROCESS_STOPPING } from '../job-updates.js';
import { type DiskJobStore } from '../disk-job-store.js';
import { type JobRecord, type JobState } from '../job-record.js';
import { type JobRequest } from '../job-request.js';
import type { JobEventHub } from '../job-event-hub.js';
import { ALREADY_ADMITTED, type Admission, type Admitted, type WorkSlots } from './work-slots.js';
import { cancelInGroup, entryKey, type JobQueue, type QueueFactory, type QueueStatus } from './job-queue.js';

/**
 * Runs stored jobs in this process, in the WorkSlots's places (shared with the spec's endpoints,
 * so that the machine is never asked for more than it has).
 */
export class EmbeddedQueue implements JobQueue {
  private readonly processor: JobProcessor;
  private readonly controllers = new Map<string, AbortController>();
  private readonly running = new Set<Promise<unknown>>();
  /** Entries whose run could not start, by key: how many times, and the timer of the next try. */
  private readonly retries = new Map<string, { tries: number; timer?: NodeJS.Timeout }>();
  private closed = false;

  constructor(
    private readonly store: DiskJobStore<JobRequest>,
    private readonly hub: JobEventHub,
    private readonly slots: WorkSlots,
    dub: DubInFolder,
    options: JobProcessorOptions = { languagesAtOnce: 1 },
  ) {
    this.processor = new JobProcessor(store, dub, options);
  }

  static factory(slots: WorkSlots, dub: DubInFolder, options?: JobProcessorOptions): QueueFactory {
    return (store, hub) => new EmbeddedQueue(store, hub, slots, dub, options);
  }

  admit(client: string, admission: Admission, jobs = 1): Promise<Admitted> {
    return Promise.resolve(this.slots.admit(client, admission, jobs));
  }

  enqueue(job: JobRecord<JobRequest>, admitted: Admitted): Promise<void> {
    const entry = queueEntryOf(job);
    // One place per entry: a group's jobs run in its first job's (side by side: JobProcessor).
    const key = entryKey(entry);
    if (this.controllers.has(key) || this.closed) {
      admitted.release();
      return Promise.resolve();
    }
    const controller = new AbortController();
    this.controllers.set(key, controller);
    const publish = this.hub.publish.bind(this.hub);
    const members = jobsOfEntry(entry, job);
    const run = this.slots
      .run((signal) => this.processor.process(entry, signal, publish), controller.signal, {
        admitted,
        onQueued: (position) => {
          for (const id of members)
            publish(id, { type: 'progress', progress: 0, phase: `Waiting in line (${position})` });
        },
      })
      .then(
        () => this.retries.delete(key),
        (error: unknown) => this.afterFailedStart(job, key, members, controller.signal, error),
      )
      .finally(() => {
        if (this.controllers.get(key) === controller) this.controllers.delete(key);
        this.running.delete(run);
      })
      // Nothing of a run may escape as an unhandled rejection: it would stop the service.
      .catch((error: unknown) => process.emitWarning(`Job ${job.id} could not be settled: ${String(error)}`));
    this.running.add(run);
    return Promise.resolve();
  }

  status(): QueueStatus {
    return 'embedded';
  }

  /** Whether this queue has the job's entry in hand (waiting, running, or to be tried again). */
  handles(job: JobRecord<JobRequest>): boolean {
    const key = entryKey(queueEntryOf(job));
    return this.controllers.has(key) || this.retries.get(key)?.timer !== undefined;
  }

  /**
   * A job running now is stopped (alone, when its group's entry runs it); a job of a group still
   * waiting is settled cancelled where it waits, and the group's place is given back once none
   * of its jobs is left to run.
   */
  async cancel(id: string): Promise<void> {
    if (this.processor.cancelRunning(id)) return;
    const job = await this.store.get(id);
    const entry = queueEntryOf(job);
    if (!entry.group) {
      this.controllers.get(entryKey(entry))?.abort();
      return;
    }
    const outcome = await cancelInGroup(this.store, job, (update) => this.hub.publish(id, update));
    if (outcome === 'group-settled') this.controllers.get(entryKey(entry))?.abort();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const retry of this.retries.values()) clearTimeout(retry.timer);
    this.retries.clear();
    for (const controller of this.controllers.values()) controller.abort(PROCESS_STOPPING);
    await Promise.allSettled([...this.running]);
  }

  /**
   * A run that could not start: a job held by another process's lock past the wait (a lock a
   * killed process left, not yet stale) is tried again a few times, a moment apart; a cancel, or
   * a job that still cannot start, is settled with the reason. Never left `running` with nothing
   * working on it.
   */
  private async afterFailedStart(
    job: JobRecord<JobRequest>,
    key: string,
    members: readonly string[],
    signal: AbortSignal,
    error: unknown,
  ): Promise<void> {
    if (signal.reason === PROCESS_STOPPING || this.closed) return;
    const tries = (this.retries.get(key)?.tries ?? 0) + 1;
    if (!(error instanceof Cancelled) && tries <= START_TRIES) {
      const timer = setTimeout(() => {
        this.retries.set(key, { tries });
        void this.store
          .get(job.id)
          .then((record) => this.enqueue(record, this.slots.admit(record.request.client, ALREADY_ADMITTED)))
          .catch(() => this.retries.delete(key));
      }, START_RETRY_MS);
      timer.unref();
      this.retries.set(key, { tries, timer });
      return;
    }
    this.retries.delete(key);
    await Promise.all(members.map((id) => this.settleUnstarted(id, error)));
  }

  /** A job whose run never started (cancelled while waiting, or refused): its record says so. */
  private async settleUnstarted(id: string, error: unknown): Promise<void> {
    const job = await this.store.get(id).catch(() => undefined);
    if (!job || (job.state !== 'queued' && job.state !== 'running')) return;
    const render = job.work?.kind === 'render';
    const state: JobState = render ? 'stale' : error instanceof Cancelled ? 'cancelled' : 'failed';
    const described =
      error instanceof Cancelled
        ? { message: 'The job was cancelled.', code: 'Cancelled' }
        : { message: `The job could not be started: ${messageOf(error)}`, code: codeOf(error) };
    const updated = await this.store.update(id, { state, work: undefined, error: described });
    this.hub.publish(id, { type: 'state', state, revision: updated.revision, error: described });
  }
}

/** Tries of a run that could not start before its job is failed, and the pause between them. */
const START_TRIES = 5;
const START_RETRY_MS = 5_000;

function messageOf(error: unknown): string {
  return isVoxlateError(error) ? error.message : 'an internal error.';
}

function codeOf(error: unknown): string {
  return isVoxlateError(error) ? error.code : 'Internal';
}
