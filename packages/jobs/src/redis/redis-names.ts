import { Redis } from 'ioredis';
import type { JobUpdate } from '../job-updates.js';

/** The BullMQ queue every service and worker of one installation share. */
export const DUB_QUEUE = 'voxlate-dub';

/** Where a service asks the workers to stop a job (pub/sub: whichever worker runs it stops it). */
export const CANCEL_CHANNEL = 'voxlate-dub:cancel';

/**
 * The BullMQ id of a job's current run: the job's id and the revision it renders, so that a
 * re-render is a new queue entry while a run handed out again (a resume) is the same one.
 */
export function queueJobId(id: string, revision: number): string {
  return `${id}-r${revision}`;
}

/** The job id inside a BullMQ id. */
export function jobIdOfQueueEntry(queueId: string): string {
  return queueId.replace(/-r\d+$/, '');
}

/**
 * What a queued BullMQ job carries: only the id (a group's first job's for a group's entry, see
 * queueEntryOf); everything else is in the shared job store.
 */
export interface DubQueueData {
  id: string;
  group?: boolean;
}

/** A run's update as BullMQ progress: the job it is about (a group's entry runs several). */
export type QueuedUpdate = JobUpdate & { job?: string };

/**
 * A Redis connection as BullMQ wants it: blocking commands must never give up after a number of
 * retries (maxRetriesPerRequest null), so a Redis restart is waited out, not thrown.
 */
export function redisConnection(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

/**
 * A Redis connection for a service's own commands (adding, counting, cancelling jobs): while
 * Redis cannot be reached a command fails at once instead of waiting in ioredis's offline queue,
 * so a request is answered 503 now and never turns into a job later that nobody asked for. It
 * keeps trying to reconnect, every 2 s at most.
 */
export function redisCommandConnection(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    enableReadyCheck: true,
    retryStrategy: (times) => Math.min(200 * times, 2000),
  });
}
