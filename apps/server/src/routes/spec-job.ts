import { Cancelled, VoxlateError, whenAborted, type ErrorCode, type SavedRun } from '@voxlate/core';
import { PROVENANCE, type JobUpdate, type StoredJob, type NewJob } from '@voxlate/jobs';
import { RequestIds } from '../requests/request-ids.js';
import type { RouteContext } from './route-context.js';

/** A spec endpoint's job once done: its record, its run and its signed manifest. */
export interface FinishedSpecJob {
  job: StoredJob;
  current: SavedRun;
  provenance: unknown;
}

/** How a spec endpoint's caller follows its job: updates relayed in-process, or a client's request id. */
export interface SpecJobFollowers {
  onUpdate?: (update: JobUpdate) => void;
  /** The client's `request_id`: its job's progress is streamed at /api/requests/{id}/events. */
  requestId?: string;
}

/**
 * Runs a spec endpoint's request as a stored job (so the studio can open it in the editor
 * afterwards) and waits for it, relaying its updates. The request's own short line applies
 * (503 when full, 429 past the client's share). A client that leaves takes its job with it:
 * the job is stopped and removed.
 */
export async function runSpecJob(
  context: RouteContext,
  newJob: NewJob,
  signal: AbortSignal,
  { onUpdate, requestId }: SpecJobFollowers = {},
): Promise<FinishedSpecJob> {
  const { jobs, config, requests } = context;
  // A client gone before its job was made gets none (nobody would read it, nor remove it).
  if (signal.aborted) throw new Cancelled();
  const created = await jobs.submit(newJob, {
    maxWaiting: config.maxWaitingJobs,
    maxPerClient: config.maxJobsPerClient,
  });
  const followed = onUpdate ? jobs.follow(created.id, 0, ({ update }) => onUpdate(update)) : undefined;
  for (const missed of followed?.missed ?? []) onUpdate?.(missed.update);
  const scopedId = requestId === undefined ? undefined : RequestIds.inWorkspace(newJob.request.workspace, requestId);
  if (scopedId) requests.bind(scopedId, created.id);
  const stopLeaving = whenAborted(signal, () => void jobs.remove(created.id).catch(() => undefined));
  try {
    const job = await jobs.waitForEnd(created.id, signal);
    if (job.state !== 'ready') throw failureOf(job);
    const [current, provenance] = await Promise.all([jobs.current(job.id), jobs.readJson(job.id, PROVENANCE)]);
    if (!current) throw new VoxlateError('Internal', 'The finished job has no saved run.');
    return { job, current, provenance };
  } finally {
    stopLeaving();
    followed?.stop();
    if (scopedId) requests.unbind(scopedId, created.id);
  }
}

function failureOf(job: StoredJob): Error {
  if (job.state === 'cancelled') return new Cancelled();
  const error = job.error ?? { code: 'Internal', message: 'The job did not finish.' };
  return new VoxlateError(error.code as ErrorCode, error.message);
}
