import type { DiskJobStore, JobRecord, JobRequest } from '@voxlate/jobs';
import type { JobEventHub } from './job-event-hub.js';
import type { Admission } from './job-runner.js';

/**
 * Where stored jobs are run: in this process (the embedded queue) or by workers through Redis.
 * Either way a job's updates reach the event hub, and its record in the store says where it is.
 */
export interface JobScheduler {
  /** Throws the 429 or 503 a new job of this client would get now. */
  admit(client: string, admission: Admission): Promise<void>;
  /** Puts a stored job in line (a job already in line stays where it is). */
  schedule(job: JobRecord<JobRequest>, admission: Admission): Promise<void>;
  /** Stops a job where it waits or runs. */
  cancel(id: string): Promise<void>;
  /** Stops for a restart: running jobs are left to resume. */
  close(): Promise<void>;
}

/** What a scheduler is built from: the board's store and hub. */
export type SchedulerFactory = (store: DiskJobStore<JobRequest>, hub: JobEventHub) => JobScheduler;
