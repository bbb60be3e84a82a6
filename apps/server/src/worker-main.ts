import { availableParallelism } from 'node:os';
import { languagesAtOnceFor, openJobStore, RedisJobWorker, dubInFolderOf } from '@voxlate/jobs';
import { WorkspaceLibraries } from '@voxlate/workspace';
import { sweepOrphanedTempDirs } from '@voxlate/process-lifetime';
import { Dubber } from '@voxlate/dubber';
import { serverConfigFromEnv } from './config.js';
import { linkedMediaFetcher, urlImportOptionsOf } from './url-import/linked-media-fetcher.js';

/**
 * `npm run worker`: runs the jobs a service queued in Redis (VOXLATE_REDIS_URL), on the job
 * store in VOXLATE_DATA_DIR, which every service and worker of the installation share.
 */
const redisUrl = process.env['VOXLATE_REDIS_URL'];
if (!redisUrl) {
  console.error('Set VOXLATE_REDIS_URL (for example redis://127.0.0.1:6379) to the Redis the service queues jobs in.');
  process.exit(2);
}
const setting = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number.`);
  return value;
};
const dubber = new Dubber();
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
  // A URL import's job fetches its link first, under the service's link rules (the same settings).
  fetchLinked: linkedMediaFetcher(dubber, urlImportOptionsOf(serverConfigFromEnv())),
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

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await worker.close();
  await dubber.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
console.log(`Voxlate worker ready (data ${dubber.config.dataDir})`);
