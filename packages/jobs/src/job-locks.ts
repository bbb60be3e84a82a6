import { FolderLocks, LOCK_STALE_MS, LOCK_WAIT_MS } from '@voxlate/disk';
import { quoteInput } from '@voxlate/core';

/**
 * How long a run starting (or resuming) its job waits for the lock: past the time a lock left by
 * a killed process takes to go stale, so that a service restarted at once waits out the lock its
 * dead predecessor held instead of giving the job up.
 */
export const START_WAIT_MS = LOCK_STALE_MS + 3_000;

/**
 * One job's changes, one after another, across every process that shares the job store (see
 * FolderLocks): the lock is a folder inside the job's own folder, so it goes with the job.
 */
export function jobLocks(): FolderLocks {
  return new FolderLocks(
    {
      busy: (id) => `Job ${id} is being changed by another request. Please try again in a moment.`,
      missing: (id) => `There is no job ${quoteInput(id)}.`,
    },
    LOCK_WAIT_MS,
  );
}
