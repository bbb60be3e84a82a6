import { NotFound } from '@voxlate/core';
import { jobsOfEntry, queueEntryOf, type QueueEntry } from '../job-group.js';
import { type DiskJobStore } from '../disk-job-store.js';
import { type JobRecord } from '../job-record.js';
import { type JobRequest } from '../job-request.js';
import { type JobUpdate } from '../job-updates.js';
import type { JobEventHub } from '../job-event-hub.js';
import type { Admission, Admitted } from './work-slots.js';

/** Where the queue stands: run in this process, or on a Redis that can or cannot be reached. */
export type QueueStatus = 'embedded' | 'up' | 'down';

/**
 * Where stored jobs are run: in this process (the embedded queue) or by workers through Redis.
 * Either way a job's updates reach the event hub, and its record in the store says where it is.
 */
export interface JobQueue {
  /**
   * Admits a new job of this client, taking its place at once, or throws its 429 or 503: the
   * one decision, before any work. The place is given to `enqueue`, or released if the job is
   * abandoned before it gets there.
   */
  admit(client: string, admission: Admission, jobs?: number): Promise<Admitted>;
  /** Puts a stored job in line in the place it was admitted to (a job already in line stays where it is). */
  enqueue(job: JobRecord<JobRequest>, admitted: Admitted): Promise<void>;
  /** Stops a job where it waits or runs. */
  cancel(id: string): Promise<void>;
  status(): QueueStatus;
  /**
   * Whether this process has the job in hand (waiting, running or to be tried again); only a
   * queue that runs jobs in this process knows (the embedded one), and only it is swept.
   */
  handles?(job: JobRecord<JobRequest>): boolean;
  /** Stops for a restart: running jobs are left to resume. */
  close(): Promise<void>;
}

/** What a queue is built from: the board's store and hub. */
export type QueueFactory = (store: DiskJobStore<JobRequest>, hub: JobEventHub) => JobQueue;

/** An entry's key among those in line: its queue id (the job's, or its group's first job's, and the revision). */
export function entryKey(entry: QueueEntry): string {
  return `${entry.id}-r${entry.revision}`;
}

/**
 * A cancel of a job of a group: a job still waiting for its turn is settled as cancelled under
 * its lock (its group's run takes it under the same lock, so it is either cancelled here or
 * started there, never both) and `tell` is given its update. Says whether the job was running
 * (its runner must stop it), or was settled here, and then whether none of its group is left to
 * run (the group's place can be given back).
 */
export async function cancelInGroup(
  store: DiskJobStore<JobRequest>,
  job: JobRecord<JobRequest>,
  tell: (update: JobUpdate) => void,
): Promise<'running' | 'settled' | 'group-settled'> {
  const error = { message: 'The job was cancelled.', code: 'Cancelled' };
  const updated = await store.exclusive(job.id, async () => {
    const record = await store.get(job.id);
    if (record.state !== 'queued') return undefined;
    return store.update(job.id, { state: 'cancelled', work: undefined, error });
  });
  if (!updated) return 'running';
  tell({ type: 'state', state: 'cancelled', revision: updated.revision, error });
  const ids = jobsOfEntry(queueEntryOf(job), job);
  return (await allSettled(store, ids)) ? 'group-settled' : 'settled';
}

/** Whether none of these jobs is left to run (each settled, or removed). */
async function allSettled(store: DiskJobStore<JobRequest>, ids: readonly string[]): Promise<boolean> {
  for (const id of ids) {
    const record = await store.get(id).catch((error: unknown) => {
      if (error instanceof NotFound) return undefined;
      throw error;
    });
    if (record && (record.state === 'queued' || record.state === 'running')) return false;
  }
  return true;
}
