import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { startCuttingProxy } from './test/cutting-proxy.js';
import { startRedis, startWorker, type RunningRedis, type RunningWorker } from './test/redis-process.js';
import { form, startService, waitFor, type RunningService } from './test/service-process.js';

/**
 * Redis stopping under a running service and coming back (Debian's redis-server on loopback,
 * without persistence, as a Redis that restarts and loses its data): new jobs are refused with 503
 * and Retry-After within 5 s (never a hang, never a job created later), a cancel answers within
 * 5 s, /health and /ready say so, the log says it once; once Redis is back, the job it lost is put
 * in line again from the job store and a worker runs it. A service started while Redis is down
 * starts, says so, and serves what it can; one that lost Redis just as it found it (BullMQ's queue
 * gives up then) takes jobs once Redis is back.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-outage-test-'));
const dataDir = mkdtempSync(join(tmpdir(), 'voxlate-outage-data-'));
let redis: RunningRedis;
let service: RunningService;
let worker: RunningWorker | undefined;
let input = '';

beforeAll(async () => {
  input = await makeSpeechWav(dir, ['Welcome back to the channel.']);
  redis = await startRedis();
  service = await startService({ VOXLATE_REDIS_URL: redis.url }, { dataDir });
});
afterAll(async () => {
  await worker?.stop();
  await service?.stop();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

async function timed(request: () => Promise<Response>): Promise<{ response: Response; seconds: number }> {
  const started = Date.now();
  const response = await request();
  return { response, seconds: (Date.now() - started) / 1000 };
}

const submit = async (base: string): Promise<Response> =>
  fetch(`${base}/api/jobs`, { method: 'POST', body: await form({ target_language: 'spa' }, { file: input }) });

const health = async (base: string): Promise<{ queue: string }> =>
  (await (await fetch(`${base}/health`)).json()) as { queue: string };

describe('the job queue’s Redis down and back', () => {
  it('refuses new work clearly while Redis is away, and runs what it lost once Redis is back', async () => {
    // No worker yet: the job waits in Redis, which then loses it.
    const queued = await submit(service.url);
    expect(queued.status).toBe(202);
    const { id } = (await queued.json()) as { id: string };
    expect(await health(service.url)).toMatchObject({ queue: 'up' });
    expect((await fetch(`${service.url}/ready`)).status).toBe(200);

    await redis.stop();
    await waitFor(async () => (await health(service.url)).queue === 'down', 5000);
    const refused = await timed(() => submit(service.url));
    expect(refused.response.status).toBe(503);
    expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.response.json()) as { error: string }).error).toMatch(/job queue cannot be reached/);
    expect(refused.seconds).toBeLessThan(5);
    const ready = await fetch(`${service.url}/ready`);
    expect(ready.status).toBe(503);
    const cancel = await timed(() => fetch(`${service.url}/api/jobs/${id}/cancel`, { method: 'POST' }));
    expect(cancel.seconds).toBeLessThan(5);
    expect(cancel.response.status).toBe(503);
    const jobsWhileDown = ((await (await fetch(`${service.url}/api/jobs`)).json()) as { total: number }).total;

    // Redis comes back empty: the store's queued job goes back in line and a worker runs it.
    redis = await startRedis(redis.port);
    await waitFor(async () => (await health(service.url)).queue === 'up', 15_000);
    worker = await startWorker({ VOXLATE_REDIS_URL: redis.url, VOXLATE_DATA_DIR: dataDir, VOXLATE_WORKER_JOBS: '1' });
    await readJobEvents(`${service.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed', 'cancelled']), {
      ms: 120_000,
    });
    const job = (await (await fetch(`${service.url}/api/jobs/${id}`)).json()) as { state: string };
    expect(job.state).toBe('ready');
    // The refused request never became a job.
    const jobsAfter = ((await (await fetch(`${service.url}/api/jobs`)).json()) as { total: number }).total;
    expect(jobsAfter).toBe(jobsWhileDown);
    expect(jobsAfter).toBe(1);
    // The outage was logged once, and ioredis's unhandled errors never.
    const log = service.output();
    expect(log.match(/job queue \(Redis at [^)]+\) cannot be reached/g)).toHaveLength(1);
    expect(log).not.toMatch(/Unhandled error event/);
  }, 240_000);

  it('keeps a worker quiet and waiting while Redis is away, and working once it is back', async () => {
    const own = await startRedis();
    const env = { VOXLATE_REDIS_URL: own.url, VOXLATE_DATA_DIR: dataDir, VOXLATE_WORKER_JOBS: '1' };
    const waiting = await startWorker(env);
    const alone = await startService({ VOXLATE_REDIS_URL: own.url }, { dataDir });
    let restarted: RunningRedis | undefined;
    try {
      await own.stop();
      await waitFor(() => /cannot be reached/.test(waiting.output()), 10_000);
      // Long enough for ioredis to retry many times.
      await new Promise((resolve) => setTimeout(resolve, 6000));
      restarted = await startRedis(own.port);
      await waitFor(() => /reachable again/.test(waiting.output()), 15_000);
      await waitFor(async () => (await health(alone.url)).queue === 'up', 15_000);
      const submitted = await submit(alone.url);
      expect(submitted.status).toBe(202);
      const { id } = (await submitted.json()) as { id: string };
      await readJobEvents(`${alone.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), { ms: 120_000 });
      await waitFor(() => waiting.log.some((entry) => entry.id === id && entry.outcome === 'settled'), 10_000);
      expect(waiting.output().match(/job queue \(Redis at [^)]+\) cannot be reached/g)).toHaveLength(1);
      expect(waiting.output()).not.toMatch(/Unhandled error event|ECONNREFUSED.*\n.*ECONNREFUSED/);
    } finally {
      await waiting.stop();
      await alone.stop();
      await restarted?.stop();
    }
  }, 180_000);

  it('starts while Redis is down, saying so, and serves what does not need it', async () => {
    const stopped = await startRedis();
    await stopped.stop();
    const alone = await startService({ VOXLATE_REDIS_URL: stopped.url });
    try {
      expect(await health(alone.url)).toMatchObject({ queue: 'down' });
      expect((await fetch(`${alone.url}/api/languages`)).status).toBe(200);
      expect((await submit(alone.url)).status).toBe(503);
    } finally {
      await alone.stop();
    }
  }, 120_000);

  it('takes jobs once Redis is back after it went away just as the service found it (BullMQ gave up on such a queue)', async () => {
    const own = await startRedis();
    const proxy = await startCuttingProxy(own.port, 3000);
    const alone = await startService({ VOXLATE_REDIS_URL: proxy.url });
    try {
      await waitFor(() => proxy.cuts() > 0, 15_000);
      await waitFor(async () => (await health(alone.url)).queue === 'up', 20_000);
      const submitted = await submit(alone.url);
      expect(submitted.status).toBe(202);
    } finally {
      await alone.stop();
      await proxy.stop();
      await own.stop();
    }
  }, 120_000);
});
