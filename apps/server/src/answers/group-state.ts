import type { Job, JobGroup } from '@voxlate/contract';

/**
 * A group's state and progress from its jobs': running (queued while none has started) until
 * every language has settled; then failed if one failed, stale if one was edited since its
 * render, ready if one is ready, else cancelled. Its progress is the mean of its jobs' (a
 * settled job counts as done).
 */
export function groupStateOf(jobs: readonly Job[]): Pick<JobGroup, 'state' | 'progress'> {
  const states = new Set(jobs.map((job) => job.state));
  const progress = jobs.reduce((sum, job) => sum + (waits(job) ? job.progress : 100), 0) / Math.max(1, jobs.length);
  return { state: stateOf(states, jobs), progress: Math.round(progress * 10) / 10 };
}

function waits(job: Job): boolean {
  return job.state === 'queued' || job.state === 'running';
}

function stateOf(states: ReadonlySet<Job['state']>, jobs: readonly Job[]): Job['state'] {
  if (jobs.some(waits)) return jobs.every((job) => job.state === 'queued') ? 'queued' : 'running';
  for (const state of ['failed', 'stale', 'ready'] as const) if (states.has(state)) return state;
  return 'cancelled';
}
