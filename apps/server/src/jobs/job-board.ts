import { basename } from 'node:path';
import { Cancelled, type SavedRun } from '@voxlate/core';
import {
  applyLineEdit,
  CURRENT_RUN,
  DEFAULT_RETENTION_MS,
  DiskJobStore,
  openJobStore,
  type DubInFolder,
  type JobRecord,
  type JobRequest,
  type JobState,
  type LineEdit,
} from '@voxlate/jobs';
import { HttpError } from '../http/http-error.js';
import { RequestIds } from './request-ids.js';
import { JobEventHub } from './job-event-hub.js';
import type { Admission } from './job-runner.js';
import type { JobScheduler, SchedulerFactory } from './job-scheduler.js';

export type Job = JobRecord<JobRequest>;

/** A job to create: its request, and the uploaded media to move into its folder. */
export interface NewJob {
  request: Omit<JobRequest, 'inputFile'>;
  upload: string;
}

/** States a job does not leave by itself. */
const SETTLED: ReadonlySet<JobState> = new Set(['ready', 'stale', 'failed', 'cancelled']);
/** Resumed jobs were admitted once already: they are never refused at a restart. */
const RESUMED: Admission = { maxWaiting: Number.MAX_SAFE_INTEGER, maxPerClient: Number.MAX_SAFE_INTEGER };

/**
 * The service's jobs: kept in the job store, run by the embedded queue (the JobRunner's places,
 * shared with the spec's endpoints), followed through the event hub. Jobs left unfinished by a
 * process that stopped or died are resumed when the board opens.
 */
export class JobBoard {
  readonly store: DiskJobStore<JobRequest>;
  readonly hub = new JobEventHub();
  /** Spec-endpoint requests' client-chosen ids, tied to their jobs while they run. */
  readonly requests = new RequestIds();
  private readonly scheduler: JobScheduler;
  private readonly locks = new Map<string, Promise<unknown>>();
  private expiry: NodeJS.Timeout | undefined;
  /** Fires when the service stops: waits end (their jobs resume at the next start). */
  private readonly stopping = new AbortController();

  constructor(
    dataDir: string,
    makeScheduler: SchedulerFactory,
    private readonly retentionMs: number = DEFAULT_RETENTION_MS,
  ) {
    this.store = openJobStore(dataDir);
    this.scheduler = makeScheduler(this.store, this.hub);
  }

  /** Clears what a crash left, removes expired jobs, resumes unfinished ones (oldest first). */
  async open(): Promise<string[]> {
    await this.store.removeLeftovers();
    await this.store.expire(this.retentionMs);
    // Retention is checked hourly while the service runs.
    this.expiry = setInterval(() => void this.store.expire(this.retentionMs).catch(() => undefined), 3600_000);
    this.expiry.unref();
    const unfinished = (await this.allJobs()).filter((job) => job.state === 'queued' || job.state === 'running');
    unfinished.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const job of unfinished) await this.scheduler.schedule(job, RESUMED);
    return unfinished.map((job) => job.id);
  }

  /** Creates the job (its media moved into its folder) and puts it in line; refused first if the line is full. */
  async submit(job: NewJob, admission: Admission): Promise<Job> {
    await this.scheduler.admit(job.request.client, admission);
    const created = await this.store.create({ ...job.request, inputFile: '' });
    try {
      const input = await this.store.adoptInput(created.id, job.upload);
      const record = await this.store.update(created.id, {
        request: { ...created.request, inputFile: basename(input) },
      });
      await this.scheduler.schedule(record, admission);
      return record;
    } catch (error) {
      await this.store.remove(created.id).catch(() => undefined);
      throw error;
    }
  }

  get(id: string): Promise<Job> {
    return this.store.get(id);
  }

  /** The job's current run (Timeline with the edits since the last render), once it has one. */
  current(id: string): Promise<SavedRun | undefined> {
    return this.store.readJson<SavedRun>(id, CURRENT_RUN);
  }

  /** Resolves when the job settles (ready, stale, failed, cancelled); `signal` stops the wait only. */
  async waitForEnd(id: string, signal?: AbortSignal): Promise<Job> {
    const settled = new Promise<void>((resolve, reject) => {
      const followed = this.hub.follow(id, undefined, ({ update }) => {
        if (update.type === 'state' && SETTLED.has(update.state)) finish();
      });
      const onAbort = (): void => {
        followed.stop();
        this.stopping.signal.removeEventListener('abort', onStop);
        reject(new Cancelled());
      };
      const onStop = (): void => {
        followed.stop();
        signal?.removeEventListener('abort', onAbort);
        reject(
          new HttpError(
            503,
            'The service is restarting: the job will go on when it is back. Please try again shortly.',
          ),
        );
      };
      const finish = (): void => {
        followed.stop();
        signal?.removeEventListener('abort', onAbort);
        this.stopping.signal.removeEventListener('abort', onStop);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.stopping.signal.addEventListener('abort', onStop, { once: true });
      if (this.stopping.signal.aborted) onStop();
      // It may have settled before the wait began.
      void this.store.get(id).then((job) => SETTLED.has(job.state) && finish(), reject);
    });
    await settled;
    return this.store.get(id);
  }

  /** Changes a line's text: the job goes stale (its last result still served) until it is rendered again. */
  edit(id: string, segmentId: number, edit: LineEdit): Promise<Job> {
    return this.locked(id, async () => {
      const job = await this.store.get(id);
      requireEditable(job);
      const current = await this.current(id);
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
      await this.scheduler.admit(client, admission);
      const queued = await this.store.update(id, {
        state: 'queued',
        progress: 0,
        work: { kind: 'render', revision: job.revision, ...job.edited },
      });
      this.hub.publish(id, { type: 'state', state: 'queued', revision: queued.revision });
      await this.scheduler.schedule(queued, admission);
      return queued;
    });
  }

  /** Stops a waiting or running job; a finished one is left as it is. */
  async cancel(id: string): Promise<Job> {
    const job = await this.store.get(id);
    if (SETTLED.has(job.state)) return job;
    await this.scheduler.cancel(id);
    return this.waitForEnd(id);
  }

  /** Stops the job if it runs, then removes it and all its files. */
  async remove(id: string): Promise<void> {
    await this.cancel(id);
    await this.store.remove(id);
    this.hub.forget(id);
  }

  /** Newest first. */
  list(page: number, size: number): Promise<{ jobs: Job[]; total: number }> {
    return this.store.list(page, size);
  }

  /** Stops running jobs for a restart: they stay unfinished in the store and resume at the next open. */
  async close(): Promise<void> {
    clearInterval(this.expiry);
    this.stopping.abort();
    await this.scheduler.close();
  }

  private async allJobs(): Promise<Job[]> {
    const first = await this.store.list(0, Number.MAX_SAFE_INTEGER);
    return first.jobs;
  }

  /** Runs changes of one job one after another (an edit never interleaves with a render's start). */
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

/** The runtime's dub in a job's folder, as the processor calls it. */
export function dubInFolderOf(dubber: { dubIn: DubInFolder }): DubInFolder {
  return (workDir, request, run) => dubber.dubIn(workDir, request, run);
}
