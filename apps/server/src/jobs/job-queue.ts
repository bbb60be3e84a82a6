import { NotFound } from '@voxlate/core';
import type { DiskJobStore, JobRecord, JobRequest, JobUpdate, QueueEntry } from '@voxlate/jobs';
import type { JobEventHub } from './job-event-hub.js';
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
  admit(client: string, admission: Admission): Promise<Admitted>;
  /** Puts a stored job in line in the place it was admitted to (a job already in line stays where it is). */
  enqueue(job: JobRecord<JobRequest>, admitted: Admitted): Promise<void>;
  /** Stops a job where it waits or runs. */
  cancel(id: string): Promise<void>;
  status(): QueueStatus;
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
 * A job still waiting for its turn settled as cancelled, under its lock (its group's run takes
 * it under the same lock, so it is either cancelled here or started there, never both); the
 * update to send, or undefined when it was no longer waiting.
 */
export async function cancelWaiting(store: DiskJobStore<JobRequest>, id: string): Promise<JobUpdate | undefined> {
  const error = { message: 'The job was cancelled.', code: 'Cancelled' };
  const updated = await store.exclusive(id, async () => {
    const record = await store.get(id);
    if (record.state !== 'queued') return undefined;
    return store.update(id, { state: 'cancelled', work: undefined, error });
  });
  return updated ? { type: 'state', state: 'cancelled', revision: updated.revision, error } : undefined;
}

/** Whether none of these jobs is left to run (each settled, or removed). */
export async function allSettled(store: DiskJobStore<JobRequest>, ids: readonly string[]): Promise<boolean> {
  for (const id of ids) {
    const record = await store.get(id).catch((error: unknown) => {
      if (error instanceof NotFound) return undefined;
      throw error;
    });
    if (record && (record.state === 'queued' || record.state === 'running')) return false;
  }
  return true;
}
