import { Cancelled } from '@voxlate/core';
import {
  JobProcessor,
  PROCESS_STOPPING,
  type DiskJobStore,
  type DubInFolder,
  type JobRecord,
  type JobRequest,
  type JobState,
} from '@voxlate/jobs';
import type { JobEventHub } from './job-event-hub.js';
import type { Admission, Admitted, WorkSlots } from './work-slots.js';
import type { JobQueue, QueueFactory, QueueStatus } from './job-queue.js';

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
    const { id } = job;
    if (this.controllers.has(id)) {
      admitted.release();
      return Promise.resolve();
    }
    const controller = new AbortController();
    this.controllers.set(id, controller);
    const publish = this.hub.publish.bind(this.hub, id);
    const run = this.slots
      .run((signal) => this.processor.process(id, signal, publish), controller.signal, {
        admitted,
        onQueued: (position) => publish({ type: 'progress', progress: 0, phase: `Waiting in line (${position})` }),
      })
      .catch((error: unknown) => this.settleUnstarted(id, controller.signal, error))
      .finally(() => {
        if (this.controllers.get(id) === controller) this.controllers.delete(id);
        this.running.delete(run);
      });
    this.running.add(run);
    return Promise.resolve();
  }

  status(): QueueStatus {
    return 'embedded';
  }

  cancel(id: string): Promise<void> {
    this.controllers.get(id)?.abort();
    return Promise.resolve();
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
