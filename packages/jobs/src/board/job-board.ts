import { basename } from 'node:path';
import {
  Busy,
  Cancelled,
  NotFound,
  quoteInput,
  whenAborted,
  type DubRequest,
  type RunOptions,
  type SavedRun,
  type TranslationMemoryPort,
} from '@voxlate/core';
import { CURRENT_RUN, RENDERED_RUN, type DubInFolder, type FinishedDub } from '../job-processor.js';
import { DEFAULT_RETENTION_MS, type DiskJobStore } from '../disk-job-store.js';
import { runnerIsDead } from '../runner-identity.js';
import { type JobRecord, type JobState } from '../job-record.js';
import { type JobRequest } from '../job-request.js';
import { type WorkspaceLibraries } from '@voxlate/workspace';
import type { JobEventHub } from '../job-event-hub.js';
import { ALREADY_ADMITTED, type Admission } from '../queue/work-slots.js';
import type { JobQueue, QueueStatus } from '../queue/job-queue.js';

export type StoredJob = JobRecord<JobRequest>;

/** The workspace that owns a job, and asks for it (undefined: a service run without keys). */
export type Workspace = string | undefined;

/** A job's current run (the last render's, with the edits since) and the run its result was made from. */
export interface JobRuns {
  current: SavedRun | undefined;
  rendered: SavedRun | undefined;
}

/** A job to create: its request, and the uploaded media to move into its folder (none for a link the job fetches). */
export interface NewJob {
  request: Omit<JobRequest, 'inputFile'>;
  upload?: string;
  /** Files linked beside the media (a saved voice's speech), kept by the job whatever becomes of them. */
  alsoInputs?: string[];
}

/** States a job does not leave by itself. */
const SETTLED: ReadonlySet<JobState> = new Set(['ready', 'stale', 'failed', 'cancelled']);
/** How often the board looks for jobs left running by a process that is gone (by default). */
const SWEEP_MS = 30_000;

/** What the board works with: the job store, the event hub and the queue (made once, in app.ts). */
export interface JobBoardParts {
  store: DiskJobStore<JobRequest>;
  hub: JobEventHub;
  queue: JobQueue;
}

/**
 * The jobs' lifecycle: submitted (alone or as a group) into the job store and the queue, run by
 * the embedded queue (the WorkSlots's places, shared with the spec's endpoints) or Redis workers,
 * cancelled, waited for, removed and expired. Jobs left unfinished by a process that stopped or
 * died are resumed when the board opens. Edits, the memory and the glossaries are services of
 * their own beside it (see RouteContext).
 */
export class JobBoard {
  private readonly store: DiskJobStore<JobRequest>;
  private readonly hub: JobEventHub;
  private readonly queue: JobQueue;
  private expiry: NodeJS.Timeout | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  /** Fires when the service stops: waits end (their jobs resume at the next start). */
  private readonly stopping = new AbortController();
  /** Each listed job's workspace, read once (it never changes). */
  private readonly owners = new Map<string, Workspace>();

  constructor(
    parts: JobBoardParts,
    private readonly retentionMs: number = DEFAULT_RETENTION_MS,
    private readonly sweepMs: number = SWEEP_MS,
  ) {
    ({ store: this.store, hub: this.hub, queue: this.queue } = parts);
  }

  /** Clears what a crash left, removes expired jobs, resumes unfinished ones (oldest first). */
  async open(): Promise<string[]> {
    await this.store.removeLeftovers();
    await this.store.expire(this.retentionMs);
    // Retention is checked hourly while the service runs.
    this.expiry = setInterval(() => void this.store.expire(this.retentionMs).catch(() => undefined), 3600_000);
    this.expiry.unref();
    if (this.queue.handles) {
      this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), this.sweepMs);
      this.sweeper.unref();
    }
    const unfinished = (await this.allJobs()).filter((job) => job.state === 'queued' || job.state === 'running');
    unfinished.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    // With the queue's Redis unreachable the service starts all the same: its jobs are put back
    // in line when Redis is (the Redis queue does it when it comes back).
    if (this.queue.status() === 'down') return unfinished.map((job) => job.id);
    for (const job of unfinished) {
      await this.queue
        .enqueue(job, await this.queue.admit(job.request.client, ALREADY_ADMITTED))
        .catch((error: unknown) => {
          if (this.queue.status() !== 'down') throw error;
        });
    }
    return unfinished.map((job) => job.id);
  }

  /** Creates the job (its media moved into its folder) and puts it in line; refused first if the line is full. */
  async submit(job: NewJob, admission: Admission): Promise<StoredJob> {
    const [record] = await this.submitGroup([job], admission);
    return record!;
  }

  /**
   * Creates one job per language of one upload (the first adopts the media, the others link it)
   * and puts them in line as a group: one place in the line, and a job a language against the
   * client's share; the others go on from what the first heard, side by side (see
   * JobProcessor.processGroup). Refused first if the line or the share is full; nothing is left
   * of it when any step fails.
   */
  async submitGroup(jobs: readonly NewJob[], admission: Admission): Promise<StoredJob[]> {
    const [first] = jobs;
    if (!first) throw new Error('A group needs at least one job.');
    const admitted = await this.queue.admit(first.request.client, admission, jobs.length);
    const created: StoredJob[] = [];
    try {
      for (const job of jobs) {
        const made = await this.store.create({ ...job.request, inputFile: '' });
        this.owners.set(made.id, made.request.workspace);
        created.push(made);
      }
      // A URL import's job has no input yet: it fetches its link first (see FetchLinkedMedia).
      const input = first.upload === undefined ? undefined : await this.store.adoptInput(created[0]!.id, first.upload);
      if (input === undefined && created.length > 1) throw new Error('A group needs its media before it is made.');
      for (const job of created.slice(1)) await this.store.shareInput(job.id, input!);
      for (const job of created) {
        for (const file of first.alsoInputs ?? []) await this.store.shareInput(job.id, file);
      }
      const group =
        created.length > 1
          ? {
              id: created[0]!.id,
              jobs: created.map(({ id, request }) => ({ id, targetLanguage: request.targetLanguage })),
            }
          : undefined;
      const records: StoredJob[] = [];
      for (const job of created) {
        const request = { ...job.request, inputFile: input ? basename(input) : '', ...(group ? { group } : {}) };
        records.push(await this.store.update(job.id, { request }));
      }
      await this.queue.enqueue(records[0]!, admitted);
      return records;
    } catch (error) {
      admitted.release();
      for (const job of created) await this.store.remove(job.id).catch(() => undefined);
      throw error;
    }
  }

  /**
   * The jobs of a group, in the order asked (those removed since left out); NotFound when there
   * is no such group. Its id is its first job's, so while that job is kept it is read from its
   * record; once it is removed, the others are found among all the jobs.
   */
  async group(id: string, workspace: Workspace): Promise<StoredJob[]> {
    const first = await this.store.get(id).catch(() => undefined);
    const member =
      first?.request.group?.id === id ? first : (await this.allJobs()).find((job) => job.request.group?.id === id);
    const ids = member?.request.group?.jobs.map((job) => job.id) ?? [];
    const jobs = await Promise.all(ids.map((job) => this.store.get(job).catch(() => undefined)));
    const found = jobs.filter((job): job is StoredJob => job !== undefined && job.request.workspace === workspace);
    if (found.length === 0) throw new NotFound(`There is no group ${quoteInput(id)}.`);
    return found;
  }

  /** The queue's state, for /health and /ready. */
  queueStatus(): QueueStatus {
    return this.queue.status();
  }

  /**
   * A job of the workspace (undefined: of a service without keys). Another workspace's job is
   * not found, in the same words as one that does not exist: its existence is not revealed.
   */
  async get(id: string, workspace: Workspace): Promise<StoredJob> {
    // The owner is compared before the record is read: reading another workspace's record first
    // made its "not found" slower than a made-up id's, which told the two apart by timing.
    if ((await this.ownerOf(id, true)) !== workspace) throw new NotFound(`There is no job ${quoteInput(id)}.`);
    const job = await this.store.get(id);
    if (job.request.workspace !== workspace) throw new NotFound(`There is no job ${quoteInput(id)}.`);
    return job;
  }

  /** The job's current run (Timeline with the edits since the last render), once it has one. */
  current(id: string): Promise<SavedRun | undefined> {
    return this.store.readJson<SavedRun>(id, CURRENT_RUN);
  }

  /**
   * The job's current run and the run its result was made from: the stems are made of the latter,
   * so that they match the result while edits wait for a render. While none waits the two are the
   * same run, read once; a job finished before the rendered run was kept has none while one waits.
   */
  async runsOf(job: StoredJob): Promise<JobRuns> {
    const current = await this.current(job.id);
    const editsWait = job.revision !== job.result?.revision;
    return { current, rendered: editsWait ? await this.store.readJson<SavedRun>(job.id, RENDERED_RUN) : current };
  }

  /** Resolves when the job settles (ready, stale, failed, cancelled); `signal` stops the wait only. */
  async waitForEnd(id: string, signal?: AbortSignal): Promise<StoredJob> {
    const settled = new Promise<void>((resolve, reject) => {
      const stops: (() => void)[] = [];
      let ended = false;
      const end = (then: () => void): void => {
        if (ended) return;
        ended = true;
        for (const stop of stops) stop();
        then();
      };
      stops.push(
        this.hub.follow(id, undefined, ({ update }) => {
          if (update.type === 'state' && SETTLED.has(update.state)) end(resolve);
        }).stop,
      );
      // Either may have fired before the wait began: whenAborted answers at once then.
      stops.push(whenAborted(signal, () => end(() => reject(new Cancelled()))));
      stops.push(whenAborted(this.stopping.signal, () => end(() => reject(restarting()))));
      // One of them may have ended the wait at once: what was added after it goes too.
      if (ended) for (const stop of stops) stop();
      // It may have settled before the wait began.
      void this.store.get(id).then((job) => SETTLED.has(job.state) && end(resolve), reject);
    });
    await settled;
    return this.store.get(id);
  }

  /** Stops a waiting or running job; a finished one is left as it is. */
  async cancel(id: string): Promise<StoredJob> {
    const job = await this.store.get(id);
    if (SETTLED.has(job.state)) return job;
    await this.queue.cancel(id);
    return this.waitForEnd(id);
  }

  /** Stops the job if it runs, then removes it and all its files. */
  async remove(id: string): Promise<void> {
    await this.cancel(id);
    await this.store.remove(id);
    this.hub.forget(id);
  }

  /**
   * The workspace's jobs, newest first. A job's workspace never changes, so it is read from its
   * record once and remembered: a list reads the records of its page only, not of every job.
   */
  async list(page: number, size: number, workspace: Workspace): Promise<{ jobs: StoredJob[]; total: number }> {
    const ids = await this.store.jobIds();
    const owners = await Promise.all(ids.map((id) => this.ownerOf(id)));
    const mine = ids.filter((_id, i) => owners[i] === workspace);
    const present = new Set(ids);
    for (const id of this.owners.keys()) if (!present.has(id)) this.owners.delete(id);
    const chosen = mine.slice(page * size, (page + 1) * size);
    const jobs = await Promise.all(chosen.map((id) => this.store.get(id).catch(() => undefined)));
    return { jobs: jobs.filter((job): job is StoredJob => job !== undefined), total: mine.length };
  }

  /**
   * The workspace a job belongs to (null: no such job, or a record that cannot be read). `evenly`:
   * every id costs one look at the disk first, a remembered owner's as a made-up id's, so that
   * neither answer comes sooner.
   */
  private async ownerOf(id: string, evenly = false): Promise<Workspace | null> {
    if (evenly && !(await this.store.exists(id))) return null;
    if (this.owners.has(id)) return this.owners.get(id)!;
    const job = await this.store.get(id).catch(() => undefined);
    // A job being written is not remembered as missing: the next list looks again.
    if (!job) return null;
    this.owners.set(id, job.request.workspace);
    return job.request.workspace;
  }

  /** Stops running jobs for a restart: they stay unfinished in the store and resume at the next open. */
  async close(): Promise<void> {
    clearInterval(this.expiry);
    clearInterval(this.sweeper);
    this.stopping.abort();
    await this.queue.close();
  }

  /**
   * Takes up again every job left `running` by a process that is gone (on this machine: its pid
   * no longer the process that took the job) and not in this queue's hands: a run that died
   * without this service restarting, or whose start was lost. Returns the ids taken up.
   */
  async sweep(): Promise<string[]> {
    const handles = this.queue.handles?.bind(this.queue);
    if (!handles) return [];
    const orphaned = (await this.allJobs()).filter(
      (job) => job.state === 'running' && !handles(job) && runnerIsDead(job.runner),
    );
    for (const job of orphaned)
      await this.queue.enqueue(job, await this.queue.admit(job.request.client, ALREADY_ADMITTED));
    return orphaned.map((job) => job.id);
  }

  private async allJobs(): Promise<StoredJob[]> {
    const first = await this.store.list(0, Number.MAX_SAFE_INTEGER);
    return first.jobs;
  }
}

function restarting(): Busy {
  return new Busy('The service is restarting: the job will go on when it is back. Please try again shortly.', 5);
}

/**
 * The dubber's port: a dub in a folder, with a translation memory (what jobs know of the pipeline,
 * which @voxlate/dubber's Dubber is; jobs import no engine or media).
 */
export interface DubberPort {
  dubIn(workDir: string, request: DubRequest, run: RunOptions, memory: TranslationMemoryPort): Promise<FinishedDub>;
}

/** The dubber's dub in a job's folder, as the processor calls it. */
export function dubInFolderOf(dubber: DubberPort, libraries: Pick<WorkspaceLibraries, 'of'>): DubInFolder {
  // A job translates with the memory of the workspace that owns it.
  return (workDir, request, run, workspace) => dubber.dubIn(workDir, request, run, libraries.of(workspace).memory);
}
