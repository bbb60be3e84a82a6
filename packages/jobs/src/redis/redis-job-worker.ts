import { Worker, type Job as QueueEntry } from 'bullmq';
import { whenAborted } from '@voxlate/core';
import type { Redis } from 'ioredis';
import type { DiskJobStore } from '../disk-job-store.js';
import { JobProcessor, type DubInFolder, type JobOutcome } from '../job-processor.js';
import type { JobRequest } from '../job-request.js';
import type { FetchLinkedMedia } from '../linked-media.js';
import { PROCESS_STOPPING } from '../job-updates.js';
import { LOCK_LOST } from '../run-fence.js';
import { QueueHealth, type QueueLog } from './queue-health.js';
import {
  CANCEL_CHANNEL,
  DUB_QUEUE,
  jobIdOfQueueEntry,
  redisConnection,
  type DubQueueData,
  type QueuedUpdate,
} from './redis-names.js';

export interface WorkerSettings {
  redisUrl: string;
  /** Jobs this worker runs at once (one per two cores by default). */
  concurrency: number;
  /** How long a job stays locked to this worker without a renewal (a dead worker's job waits this long). */
  lockMs: number;
  /** How often this worker looks for jobs whose worker died. */
  stalledCheckMs: number;
  /** A group's languages dubbed at once (see languagesAtOnceFor); one after another when not set. */
  languagesAtOnce?: number;
  /** Fetches a URL import's link, its job's first step (see FetchLinkedMedia). */
  fetchLinked?: FetchLinkedMedia;
  queueName?: string;
  /** Where an outage of Redis is said (once when it starts, once when it ends). */
  log?: QueueLog;
}

/**
 * A worker process's side of the Redis queue: takes jobs from BullMQ and runs them with the job
 * processor on the shared job store, relaying their updates as BullMQ progress (the service
 * passes them on to clients). A job its worker left behind (killed, machine gone) is found
 * stalled by another worker and resumed from its last saved stage; a cancel published by the
 * service reaches whichever worker runs the job. A worker that finds it lost a job's lock (its
 * event loop stalled past the lock time, and the job went to another worker) stops that run at
 * once; its run's fence refuses anything it still tries to write.
 */
export class RedisJobWorker {
  private readonly worker: Worker<DubQueueData>;
  private readonly subscriber: Redis;
  private readonly processor: JobProcessor;
  /** The runs going on here, by queue id, to stop one whose lock was lost. */
  private readonly runs = new Map<string, AbortController>();

  constructor(store: DiskJobStore<JobRequest>, dub: DubInFolder, settings: WorkerSettings) {
    this.processor = new JobProcessor(store, dub, {
      languagesAtOnce: settings.languagesAtOnce ?? 1,
      ...(settings.fetchLinked ? { fetchLinked: settings.fetchLinked } : {}),
    });
    const meanwhile = 'no new job is taken until it is back (jobs running go on).';
    const health = new QueueHealth(settings.log ?? (() => undefined), new URL(settings.redisUrl).host, meanwhile);
    const connection = redisConnection(settings.redisUrl);
    health.watch(connection);
    this.worker = new Worker<DubQueueData>(
      settings.queueName ?? DUB_QUEUE,
      (job, _token, signal) => this.run(job, signal),
      {
        connection,
        concurrency: settings.concurrency,
        lockDuration: settings.lockMs,
        stalledInterval: settings.stalledCheckMs,
        // A job whose worker died twice is still resumed, not failed: its stages are kept.
        maxStalledCount: 10,
        autorun: false,
      },
    );
    // Its errors are the connection's, reported once by the health; unheard, BullMQ would print each.
    this.worker.on('error', () => undefined);
    this.worker.on('lockRenewalFailed', (queueIds: string[]) => {
      for (const queueId of queueIds) this.runs.get(queueId)?.abort(LOCK_LOST);
    });
    this.subscriber = redisConnection(settings.redisUrl);
    health.watch(this.subscriber);
    // A cancel names a run's queue id: a job running inside a group's entry here is stopped alone.
    this.subscriber.on('message', (_channel: string, queueId: string) => {
      if (!this.processor.cancelRunning(jobIdOfQueueEntry(queueId))) this.worker.cancelJob(queueId, 'cancelled');
    });
  }

  async start(): Promise<void> {
    await this.subscriber.subscribe(CANCEL_CHANNEL);
    void this.worker.run();
    await this.worker.waitUntilReady();
  }

  /** Stops taking jobs; running ones are stopped and left to resume (here or on another worker). */
  async close(): Promise<void> {
    this.worker.cancelAllJobs(PROCESS_STOPPING);
    await this.worker.close();
    await this.subscriber.quit();
  }

  /** Told of every job this worker takes and how each ended (the worker's log). */
  onJob: (event: { id: string; event: 'active' } | { id: string; event: 'done'; outcome: JobOutcome }) => void = () =>
    undefined;

  private async run(job: QueueEntry<DubQueueData>, signal: AbortSignal | undefined): Promise<string> {
    this.onJob({ id: job.data.id, event: 'active' });
    const controller = new AbortController();
    const stopForwarding = whenAborted(signal, () => controller.abort(signal?.reason));
    if (job.id) this.runs.set(job.id, controller);
    try {
      const entry = { id: job.data.id, group: job.data.group === true };
      const outcome = await this.processor.process(entry, controller.signal, (id, update) => {
        const queued: QueuedUpdate = { ...update, job: id };
        void job.updateProgress(queued).catch(() => undefined);
      });
      this.onJob({ id: job.data.id, event: 'done', outcome });
      // Thrown, so that BullMQ puts the job back in line for the next worker.
      if (outcome === 'stopped') throw new Error('The worker stopped: the job is left to resume.');
      // A lost run's entry is no longer this worker's: BullMQ refuses to finish it (lock mismatch).
      return outcome;
    } finally {
      if (job.id && this.runs.get(job.id) === controller) this.runs.delete(job.id);
      stopForwarding();
    }
  }
}
