import type { JobState } from './job-record.js';

/** What a job tells its watchers as it goes (relayed as server-sent events, or through Redis). */
export type JobUpdate =
  | { type: 'progress'; progress: number; phase: string }
  | { type: 'warning'; message: string }
  | { type: 'state'; state: JobState; revision: number; error?: { message: string; code: string } };

export type JobUpdateListener = (update: JobUpdate) => void;

/** The abort reason of a run stopped because its process is stopping: the job resumes at the next start. */
export const PROCESS_STOPPING = 'process-stopping';
