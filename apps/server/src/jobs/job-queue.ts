import type { DiskJobStore, JobRecord, JobRequest } from '@voxlate/jobs';
import type { JobEventHub } from './job-event-hub.js';
import type { Admission } from './work-slots.js';

/**
 * Where stored jobs are run: in this process (the embedded queue) or by workers through Redis.
 * Either way a job's updates reach the event hub, and its record in the store says where it is.
 */
export interface JobQueue {
  /** Throws the 429 or 503 a new job of this client would get now. */
  admit(client: string, admission: Admission): Promise<void>;
  /** Puts a stored job in line (a job already in line stays where it is). */
  enqueue(job: JobRecord<JobRequest>, admission: Admission): Promise<void>;
  /** Stops a job where it waits or runs. */
  cancel(id: string): Promise<void>;
  /** Stops for a restart: running jobs are left to resume. */
  close(): Promise<void>;
}

/** What a queue is built from: the board's store and hub. */
export type QueueFactory = (store: DiskJobStore<JobRequest>, hub: JobEventHub) => JobQueue;
