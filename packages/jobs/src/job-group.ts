import type { LanguageCode } from '@voxlate/core';
import type { JobRecord } from './job-record.js';

/**
 * The jobs one request made for several target languages: one job per language, in the order
 * asked. The first job listens for all (its run's recognition, speakers and separation are
 * shared); the group's id is the first job's id.
 */
export interface JobGroupRef {
  id: string;
  jobs: { id: string; targetLanguage: LanguageCode }[];
}

/**
 * Where a job's run waits and runs: its own place in the queue, or, for a group's first dubs, the
 * group's one place (so a group counts once against its client's share, and its jobs run there,
 * each going on from what the first one heard, side by side within the job's share of the cores). Re-renders of edited lines are
 * always the job's own. `revision` is the revision the run renders (0: the first dub).
 */
export interface QueueEntry {
  id: string;
  revision: number;
  group: boolean;
}

export function queueEntryOf(job: JobRecord<{ group?: JobGroupRef }>): QueueEntry {
  const { group } = job.request;
  if (job.work?.kind === 'render') return { id: job.id, revision: job.work.revision, group: false };
  if (group) return { id: group.id, revision: 0, group: true };
  return { id: job.id, revision: 0, group: false };
}

/** The ids of a group entry's jobs, or of the one job an entry runs. */
export function jobsOfEntry(
  entry: { id: string; group: boolean },
  first: JobRecord<{ group?: JobGroupRef }>,
): string[] {
  return entry.group && first.request.group ? first.request.group.jobs.map((job) => job.id) : [entry.id];
}
