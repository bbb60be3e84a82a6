import { availableParallelism } from 'node:os';
import { sweepOrphanedTempDirs } from '@voxlate/process-lifetime';
import { WorkspaceLibraries } from '@voxlate/workspace';
import { dubInFolderOf, type DubberPort } from '../board/job-board.js';
import { openJobStore } from '../job-request.js';
import { languagesAtOnceFor } from '../languages-at-once.js';
import type { FetchLinkedMedia } from '../linked-media.js';
import { RedisJobWorker } from './redis-job-worker.js';

/** The dubber a worker process runs jobs with, and closes when it stops. */
export interface WorkerDubber extends DubberPort {
  config: { dataDir: string; tempRoot: string };
  close(): Promise<void>;
}

/** What the worker's entry point (the app's composition root) gives it: the dubber and the link rules. */
export interface WorkerProcessParts {
  dubber: WorkerDubber;
  /** Fetches a URL import's link as its job's first step, under the service's link rules. */
  fetchLinked: FetchLinkedMedia;
  env?: NodeJS.ProcessEnv;
}

/**
 * `npm run worker`: runs the jobs a service queued in Redis (VOXLATE_REDIS_URL), on the job store
 * in the data folder every service and worker of the installation share, until SIGINT or SIGTERM.
 */
export async function runWorkerProcess({ dubber, fetchLinked, env = process.env }: WorkerProcessParts): Promise<void> {
  const redisUrl = env['VOXLATE_REDIS_URL'];
  if (!redisUrl) {
    console.error(
      'Set VOXLATE_REDIS_URL (for example redis://127.0.0.1:6379) to the Redis the service queues jobs in.',
    );
    process.exit(2);
  }
  const setting = positiveSettings(env);
  const store = openJobStore(dubber.config.dataDir);
  // What dead processes left: their partial writes in the store, their temporary folders.
  await store.removeLeftovers();
  await sweepOrphanedTempDirs(dubber.config.tempRoot);
  // Each job already runs one recogniser per core, so one job per two cores keeps them busy.
  const concurrency = setting('VOXLATE_WORKER_JOBS', Math.max(1, Math.floor(availableParallelism() / 2)));
  // Each job translates with the memory of its workspace, in the data folder the services share.
  const worker = new RedisJobWorker(store, dubInFolderOf(dubber, new WorkspaceLibraries(dubber.config.dataDir)), {
    redisUrl,
    concurrency,
    languagesAtOnce: setting('VOXLATE_LANGUAGES_AT_ONCE', languagesAtOnceFor(concurrency)),
    fetchLinked,
    // A dead worker's lock lapses 10-20 s after its death (it is renewed every half of it); a run
    // seen active at one stalled check and unlocked at the next goes back in line: taken over by a
    // live worker within 30 s of the death (20 s + two 5 s checks).
    lockMs: setting('VOXLATE_WORKER_LOCK_MS', 20_000),
    stalledCheckMs: setting('VOXLATE_WORKER_STALLED_MS', 5_000),
    log: (level, message) => console.warn(`${level}: ${message}`),
  });
  // One JSON line per job taken and ended: the worker's log (tests read it too).
  worker.onJob = (event) => console.log(JSON.stringify({ worker: process.pid, ...event }));
  await worker.start();
  stopOnSignals(async () => {
    await worker.close();
    await dubber.close();
  });
  console.log(`Voxlate worker ready (data ${dubber.config.dataDir})`);
}

function positiveSettings(env: NodeJS.ProcessEnv): (name: string, fallback: number) => number {
  return (name, fallback) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number.`);
    return value;
  };
}

function stopOnSignals(stop: () => Promise<void>): void {
  let closing = false;
  const shutdown = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    await stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}
