import type { DiskJobStore, JobRecord, JobRequest } from '@voxlate/jobs';
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
