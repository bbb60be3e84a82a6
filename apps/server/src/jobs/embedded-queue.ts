import { Cancelled } from '@voxlate/core';
import {
  jobsOfEntry,
  JobProcessor,
  queueEntryOf,
  PROCESS_STOPPING,
  type DiskJobStore,
  type DubInFolder,
  type JobRecord,
  type JobRequest,
  type JobState,
} from '@voxlate/jobs';
import type { JobEventHub } from './job-event-hub.js';
import type { Admission, Admitted, WorkSlots } from './work-slots.js';
import { cancelInGroup, entryKey, type JobQueue, type QueueFactory, type QueueStatus } from './job-queue.js';

/**
 * Runs stored jobs in this process, in the WorkSlots's places (shared with the spec's endpoints,
 * so that the machine is never asked for more than it has).
 */
export class EmbeddedQueue implements JobQueue {
  private readonly processor: JobProcessor;
  private readonly controllers = new Map<string, AbortController>();
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly store: DiskJobStore<JobRequest>,
    private readonly hub: JobEventHub,
    private readonly slots: WorkSlots,
    dub: DubInFolder,
  ) {
    this.processor = new JobProcessor(store, dub);
  }

  static factory(slots: WorkSlots, dub: DubInFolder): QueueFactory {
    return (store, hub) => new EmbeddedQueue(store, hub, slots, dub);
  }

  admit(client: string, admission: Admission): Promise<Admitted> {
    return Promise.resolve(this.slots.admit(client, admission));
  }

  enqueue(job: JobRecord<JobRequest>, admitted: Admitted): Promise<void> {
    const entry = queueEntryOf(job);
    // One place per entry: a group's jobs run in its first job's, one after the other.
    const key = entryKey(entry);
    if (this.controllers.has(key)) {
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
      .catch((error: unknown) => Promise.all(members.map((id) => this.settleUnstarted(id, controller.signal, error))))
      .finally(() => {
        if (this.controllers.get(key) === controller) this.controllers.delete(key);
        this.running.delete(run);
      });
    this.running.add(run);
    return Promise.resolve();
  }

  status(): QueueStatus {
    return 'embedded';
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
    for (const controller of this.controllers.values()) controller.abort(PROCESS_STOPPING);
    await Promise.allSettled([...this.running]);
  }

  /** A job that never started (cancelled while waiting, or refused): its record says so. */
  private async settleUnstarted(id: string, signal: AbortSignal, error: unknown): Promise<void> {
    if (signal.reason === PROCESS_STOPPING) return;
    const job = await this.store.get(id).catch(() => undefined);
    if (!job || job.state !== 'queued') return;
    const render = job.work?.kind === 'render';
    const state: JobState = render ? 'stale' : error instanceof Cancelled ? 'cancelled' : 'failed';
    const described = {
      message: error instanceof Cancelled ? 'The job was cancelled.' : String(error),
      code: error instanceof Cancelled ? 'Cancelled' : 'Internal',
    };
    const updated = await this.store.update(id, { state, work: undefined, error: described });
    this.hub.publish(id, { type: 'state', state, revision: updated.revision, error: described });
  }
}
