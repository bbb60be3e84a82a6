import { availableParallelism } from 'node:os';

/**
 * A group's languages dubbed at once: the job's share of the cores (the cores over the jobs run
 * at once), at least one. One job at a time on two cores: two languages side by side.
 */
export function languagesAtOnceFor(jobsAtOnce: number, cores = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / Math.max(1, jobsAtOnce)));
}
