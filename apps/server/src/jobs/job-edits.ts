import {
  applyLineEdit,
  CURRENT_RUN,
  type DiskJobStore,
  type JobRecord,
  type JobRequest,
  type LineEdit,
} from '@voxlate/jobs';
import type { SavedRun } from '@voxlate/core';
import { HttpError } from '../http/http-error.js';
import type { JobEventHub } from './job-event-hub.js';
import type { JobQueue } from './job-queue.js';
import type { Admission } from './work-slots.js';

type Job = JobRecord<JobRequest>;

/**
 * What a creator does to a finished job: edit its lines (the job goes stale, its last result is
 * still served) and render the edited lines again. Changes of one job are made one after another
 * in this process (an edit never interleaves with a render's start).
 */
export class JobEdits {
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    private readonly store: DiskJobStore<JobRequest>,
    private readonly hub: JobEventHub,
    private readonly queue: JobQueue,
  ) {}

  /** Changes a line's text: the job goes stale (its last result still served) until it is rendered again. */
  edit(id: string, segmentId: number, edit: LineEdit): Promise<Job> {
    return this.locked(id, async () => {
      const job = await this.store.get(id);
      requireEditable(job);
      const current = await this.store.readJson<SavedRun>(id, CURRENT_RUN);
      if (!current) throw new HttpError(409, 'The job has no finished dub to edit yet.');
      const edited = applyLineEdit(current, job.edited, segmentId, edit);
      await this.store.writeJson(id, CURRENT_RUN, current);
      const updated = await this.store.update(id, { state: 'stale', edited, revision: job.revision + 1 });
      this.hub.publish(id, { type: 'state', state: 'stale', revision: updated.revision });
      return updated;
    });
  }

  /** Renders the lines edited since the last render again (only those), in line with other jobs. */
  render(id: string, client: string, admission: Admission): Promise<Job> {
    return this.locked(id, async () => {
      const job = await this.store.get(id);
      requireEditable(job);
      if (!job.edited || job.edited.lines.length === 0) {
        throw new HttpError(409, 'Nothing to re-dub: no line was edited since the last render.');
      }
      const admitted = await this.queue.admit(client, admission);
      try {
        const queued = await this.store.update(id, {
          state: 'queued',
          progress: 0,
          work: { kind: 'render', revision: job.revision, ...job.edited },
        });
        this.hub.publish(id, { type: 'state', state: 'queued', revision: queued.revision });
        await this.queue.enqueue(queued, admitted);
        return queued;
      } catch (error) {
        admitted.release();
        throw error;
      }
    });
  }

  private locked<T>(id: string, work: () => Promise<T>): Promise<T> {
    const next = (this.locks.get(id) ?? Promise.resolve()).then(work);
    const settled = next.catch(() => undefined);
    this.locks.set(id, settled);
    void settled.then(() => {
      if (this.locks.get(id) === settled) this.locks.delete(id);
    });
    return next;
  }
}

function requireEditable(job: Job): void {
  if (job.state === 'queued' || job.state === 'running') {
    throw new HttpError(409, 'The job is being worked on: edit it once it is finished.');
  }
  if (job.state !== 'ready' && job.state !== 'stale') {
    throw new HttpError(409, `The job is ${job.state}: only a finished dub can be edited.`);
  }
}
