import type { Job } from '../lib/jobs-api.js';

/** A job's state in the creator's words. */
export const STATE_TEXT: Record<Job['state'], string> = {
  queued: 'Waiting',
  running: 'Working',
  ready: 'Ready',
  stale: 'Edited, not re-dubbed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
