import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { Busy } from '@voxlate/core';
import {
  CANCEL_CHANNEL,
  DUB_QUEUE,
  jobIdOfQueueEntry,
  queueJobId,
  redisCommandConnection,
  redisConnection,
  type DubQueueData,
  type QueuedUpdate,
} from './redis-names.js';
import { QueueHealth, type QueueLog } from './queue-health.js';
import { type DiskJobStore } from '../disk-job-store.js';
import { type JobRecord } from '../job-record.js';
import { type JobRequest } from '../job-request.js';
import { jobsOfEntry, queueEntryOf } from '../job-group.js';
import { type JobUpdate } from '../job-updates.js';
import type { JobEventHub } from '../job-event-hub.js';
import { clientShareFull, lineFull, type Admission, type Admitted } from '../queue/work-slots.js';
import { cancelInGroup, entryKey, type JobQueue, type QueueFactory, type QueueStatus } from '../queue/job-queue.js';

/** Seconds a client is asked to wait while the queue is down. */
export const QUEUE_DOWN_RETRY_AFTER_SECONDS = 10;

/** BullMQ retries a run whose worker stopped (its job resumes); a failure is recorded by the processor, not thrown. */
const ATTEMPTS = 50;
/** How often the service looks for runs whose worker died (their lock lapsed). */
const DEAD_RUN_CHECK_MS = 5000;
/** The longest a request waits on Redis before it is answered 503 (BullMQ waits for a connection for ever). */
const REDIS_ANSWER_MS = 4000;

/**
 * The service's side of the Redis queue: it only enqueues and relays. Jobs are added to BullMQ
 * under the id of their run; workers (`npm run worker`, on this or other machines sharing the
 * data folder) run them; their updates come back through QueueEvents and go to the event hub.
 * A cancel removes a waiting job, or is published to the workers for a running one.
 */
export class RedisQueue implements JobQueue {
  private bullQueue: Queue<DubQueueData>;
  /** Whether BullMQ's queue failed to start (it never tries again by itself). */
  private bullQueueFailed = false;
  private readonly events: QueueEvents;
  private readonly publisher: Redis;
  /**
   * The entries each client has in line through this service (by entry key), each with its jobs
   * not yet settled: an entry counts for the 429 until all its jobs settle (a group's counts once).
   */
  private readonly perClient = new Map<string, Map<string, Set<string>>>();
  /** Jobs each client has admitted whose records are still being written (they count for the 429 too). */
  private readonly arriving = new Map<string, number>();

  private readonly health: QueueHealth;
  private readonly commands: Redis;
  private readonly deadRunWatch: NodeJS.Timeout;

  constructor(
    private readonly store: DiskJobStore<JobRequest>,
    private readonly hub: JobEventHub,
    redisUrl: string,
    log: QueueLog,
    private readonly queueName = DUB_QUEUE,
  ) {
    const meanwhile = 'new jobs are refused with 503 until it is back.';
    this.health = new QueueHealth(log, new URL(redisUrl).host, meanwhile);
    const commands = redisCommandConnection(redisUrl);
    this.commands = commands;
    this.publisher = redisCommandConnection(redisUrl);
    this.health.watch(commands);
    this.health.watch(this.publisher);
    this.bullQueue = this.openQueue();
    const listening = redisConnection(redisUrl);
    listening.on('error', () => undefined);
    this.events = new QueueEvents(queueName, { connection: listening });
    // Its errors are the connection's (reported once by the health); unheard, they would be thrown.
    this.events.on('error', () => undefined);
    this.events.on('progress', ({ jobId, data }) => {
      const { job, ...update } = data as QueuedUpdate;
      this.relay(job ?? jobIdOfQueueEntry(jobId), update);
    });
    this.events.on('stalled', ({ jobId }) => void this.backInLine(jobId).catch(() => undefined));
    this.deadRunWatch = setInterval(() => void this.findDeadRuns().catch(() => undefined), DEAD_RUN_CHECK_MS);
    this.deadRunWatch.unref();
    // Jobs the store has in line are put back in the queue: a Redis that restarted without its
    // data has lost them (the store is the truth; an entry still there is left as it is).
    this.health.onBack(() => void this.requeueUnfinished().catch(() => undefined));
  }

  /**
   * BullMQ's queue on the service's command connection. A queue whose start failed (Redis went
   * away between the connection's ready check and BullMQ's version check) fails every command
   * for good, so it is noted here and opened again once Redis is back.
   */
  private openQueue(): Queue<DubQueueData> {
    const queue = new Queue<DubQueueData>(this.queueName, { connection: this.commands });
    // Its errors are the connection's (reported once by the health); unheard, they would be thrown.
    queue.on('error', () => undefined);
    queue.waitUntilReady().catch(() => {
      if (this.bullQueue === queue) this.bullQueueFailed = true;
    });
    return queue;
  }

  /** The queue to send commands to: opened again if its start failed and Redis is back. */
  private get queue(): Queue<DubQueueData> {
    if (this.bullQueueFailed && this.health.up) {
      this.bullQueueFailed = false;
      const failed = this.bullQueue;
      this.bullQueue = this.openQueue();
      void failed.close().catch(() => undefined);
    }
    return this.bullQueue;
  }

  static factory(redisUrl: string, log: QueueLog, queueName?: string): QueueFactory {
    return (store, hub) => new RedisQueue(store, hub, redisUrl, log, queueName);
  }

  status(): QueueStatus {
    return this.health.up ? 'up' : 'down';
  }

  async admit(client: string, admission: Admission, jobs = 1): Promise<Admitted> {
    const mine = this.jobsOf(client) + (this.arriving.get(client) ?? 0);
    if (mine + jobs > admission.maxPerClient) throw clientShareFull(mine, jobs, admission.maxPerClient, client);
    if (!this.health.up) throw queueDown();
    // The place is taken before the line is counted in Redis, so that a burst cannot all pass.
    const admitted = this.reserve(client, jobs);
    try {
      if ((await answered(this.queue.getWaitingCount())) >= admission.maxWaiting) throw lineFull();
      return admitted;
    } catch (error) {
      admitted.release();
      throw error;
    }
  }

  async enqueue(job: JobRecord<JobRequest>, admitted: Admitted): Promise<void> {
    const entry = queueEntryOf(job);
    const clientEntries = this.perClient.get(job.request.client) ?? new Map<string, Set<string>>();
    clientEntries.set(entryKey(entry), new Set(jobsOfEntry(entry, job)));
    this.perClient.set(job.request.client, clientEntries);
    admitted.arrive();
    try {
      if (!this.health.up) throw queueDown();
      await answered(this.add(job));
    } catch (error) {
      clientEntries.delete(entryKey(entry));
      throw error;
    }
  }

  async cancel(id: string): Promise<void> {
    const record = await this.store.get(id);
    if (!this.health.up) throw queueDown();
    const entry = queueEntryOf(record);
    if (entry.group) return this.cancelGroupMember(id, record);
    const queueId = queueJobId(id, runRevision(record));
    const waiting = await answered(this.queue.getJob(queueId));
    const state = await answered(waiting?.getState() ?? Promise.resolve(undefined));
    if (waiting && (state === 'waiting' || state === 'delayed' || state === 'prioritized')) {
      await answered(waiting.remove());
      const settled = record.work?.kind === 'render' ? 'stale' : 'cancelled';
      const error = { message: 'The job was cancelled.', code: 'Cancelled' };
      const updated = await this.store.update(id, { state: settled, work: undefined, error });
      this.relay(id, { type: 'state', state: settled, revision: updated.revision, error });
      return;
    }
    await answered(this.publisher.publish(CANCEL_CHANNEL, queueId));
  }

  /**
   * A job of a group: settled where it waits in its group (the group's entry is removed once none
   * of its jobs is left to run and it has not started), or stopped by whichever worker runs it.
   */
  private async cancelGroupMember(id: string, record: JobRecord<JobRequest>): Promise<void> {
    const outcome = await cancelInGroup(this.store, record, (update) => this.relay(id, update));
    if (outcome === 'running') {
      await answered(this.publisher.publish(CANCEL_CHANNEL, queueJobId(id, 0)));
      return;
    }
    if (outcome === 'settled') return;
    const waiting = await answered(this.queue.getJob(entryKey(queueEntryOf(record))));
    const state = await answered(waiting?.getState() ?? Promise.resolve(undefined));
    if (waiting && (state === 'waiting' || state === 'delayed' || state === 'prioritized'))
      await answered(waiting.remove());
  }

  /** Adds a job's current run (its group's, for a group's first dubs); a run already in the queue (same id) is left where it is. */
  private add(job: JobRecord<JobRequest>): Promise<unknown> {
    const entry = queueEntryOf(job);
    return this.queue.add(
      'dub',
      { id: entry.id, ...(entry.group ? { group: true } : {}) },
      {
        jobId: entryKey(entry),
        attempts: ATTEMPTS,
        backoff: { type: 'fixed', delay: 1000 },
        removeOnComplete: true,
        removeOnFail: 1000,
      },
    );
  }

  /**
   * A run whose worker died (its lock lapsed; a worker's stalled check put it back in line): the
   * job is shown queued again, not running with frozen progress, until another worker takes it.
   * Checked under the job's lock, against the run's state in BullMQ, so a worker that has taken
   * it over already (it writes 'running' under the same lock) is never overwritten.
   */
  private async backInLine(queueId: string): Promise<void> {
    const first = await this.store.get(jobIdOfQueueEntry(queueId));
    const { group } = first.request;
    // A group's entry runs its jobs in its one place: those it was running go back.
    const groupEntry = group && entryKey({ id: group.id, revision: 0, group: true }) === queueId;
    const ids = groupEntry ? group.jobs.map((job) => job.id) : [first.id];
    for (const id of ids) {
      const requeued = await this.store.exclusive(id, async () => {
        const record = await this.store.get(id);
        if (record.state !== 'running' || entryKey(queueEntryOf(record)) !== queueId) return undefined;
        if (await this.workedOn(queueId)) return undefined;
        return this.store.update(id, { state: 'queued' });
      });
      if (requeued) this.relay(id, { type: 'state', state: 'queued', revision: requeued.revision });
    }
  }

  /** Whether a live worker holds the run: it is active and its lock (renewed by its worker) is there. */
  private async workedOn(queueId: string): Promise<boolean> {
    const run = await answered(this.queue.getJob(queueId));
    if ((await answered(run?.getState() ?? Promise.resolve(undefined))) !== 'active') return false;
    return (await answered(this.commands.exists(`${this.queue.toKey(queueId)}:lock`))) === 1;
  }

  /**
   * Runs still active whose lock lapsed: their worker is dead. Workers' stalled checks put them
   * back in line, but only while some worker runs; the service shows them queued in any case.
   */
  private async findDeadRuns(): Promise<void> {
    if (!this.health.up) return;
    for (const run of await answered(this.queue.getActive())) if (run.id) await this.backInLine(run.id);
  }

  private async requeueUnfinished(): Promise<void> {
    const { jobs } = await this.store.list(0, Number.MAX_SAFE_INTEGER);
    for (const job of jobs) if (job.state === 'queued' || job.state === 'running') await answered(this.add(job));
  }

  async close(): Promise<void> {
    clearInterval(this.deadRunWatch);
    await this.events.close();
    await this.bullQueue.close();
    // Shared with the queue, which leaves it open.
    await this.commands.quit().catch(() => undefined);
    await this.publisher.quit();
  }

  /** The client's jobs in line or running here: a group's languages each count, until each ends. */
  private jobsOf(client: string): number {
    let jobs = 0;
    for (const ids of this.perClient.get(client)?.values() ?? []) jobs += ids.size;
    return jobs;
  }

  /** A client's places between admission and enqueue; from then on the jobs' ids hold them. */
  private reserve(client: string, jobs: number): Admitted {
    this.arriving.set(client, (this.arriving.get(client) ?? 0) + jobs);
    let arrived = false;
    const arrive = (): void => {
      if (arrived) return;
      arrived = true;
      const left = (this.arriving.get(client) ?? jobs) - jobs;
      if (left > 0) this.arriving.set(client, left);
      else this.arriving.delete(client);
    };
    return { client, arrive, release: arrive };
  }

  private relay(id: string, update: JobUpdate): void {
    this.hub.publish(id, update);
    if (update.type !== 'state' || update.state === 'queued' || update.state === 'running') return;
    for (const [client, entries] of this.perClient) {
      for (const [key, jobs] of entries) {
        jobs.delete(id);
        if (jobs.size === 0) entries.delete(key);
      }
      if (entries.size === 0) this.perClient.delete(client);
    }
  }
}

/** The 503 of a queue that cannot be reached: nothing was put in line. */
function queueDown(): Busy {
  return new Busy(
    'The job queue cannot be reached at the moment: nothing was started. Please try again shortly.',
    QUEUE_DOWN_RETRY_AFTER_SECONDS,
  );
}

/** A Redis command's answer, or the queue's 503 when it fails or takes longer than REDIS_ANSWER_MS. */
async function answered<T>(command: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(queueDown()), REDIS_ANSWER_MS);
  });
  try {
    return await Promise.race([command, late]);
  } catch (error) {
    throw error instanceof Busy ? error : queueDown();
  } finally {
    clearTimeout(timer);
    command.catch(() => undefined);
  }
}

/** The revision a job's current run renders (0 for the first dub). */
function runRevision(job: JobRecord<JobRequest>): number {
  return job.work?.kind === 'render' ? job.work.revision : 0;
}
