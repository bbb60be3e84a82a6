import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { startRedis, startWorker, type RunningRedis, type RunningWorker } from './test/redis-process.js';
import { form, startService, waitFor, type RunningService } from './test/service-process.js';

/**
 * A worker whose event loop stalls past its job's lock (issue 40, item 4): frozen with SIGSTOP in
 * the middle of a job, on real Redis with a second worker process. The second worker's stalled
 * check gives it the job, and it takes the job up with the next run token. When the first wakes,
 * it finds it lost the lock, stops, and its writes are refused: it ends 'lost', the second ends
 * the job, and the job is run to the end once (one 'settled', one result, the second run's).
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-lost-lock-'));
const dataDir = mkdtempSync(join(tmpdir(), 'voxlate-lost-lock-data-'));
// A short lock, checked often: the frozen worker loses its job within seconds.
const workerEnv = (redisUrl: string): Record<string, string> => ({
  VOXLATE_REDIS_URL: redisUrl,
  VOXLATE_DATA_DIR: dataDir,
  VOXLATE_WORKER_JOBS: '1',
  VOXLATE_WORKER_LOCK_MS: '3000',
  VOXLATE_WORKER_STALLED_MS: '1000',
});
let redis: RunningRedis;
let service: RunningService;
const workers: RunningWorker[] = [];
let input = '';

beforeAll(async () => {
  const sentences = Array.from({ length: 16 }, (_, i) => `We walk along the river for the ${i + 1}th time today.`);
  input = await makeSpeechWav(dir, sentences);
  redis = await startRedis();
  service = await startService({ VOXLATE_REDIS_URL: redis.url }, { dataDir });
  workers.push(await startWorker(workerEnv(redis.url)));
}, 120_000);
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await service?.stop();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

interface StoredRecord {
  state: string;
  runToken?: number;
  result?: { file: string };
}

describe('a worker that stalls past its lock', () => {
  it('stops when it wakes, has its late writes refused, and the job is run to the end once', async () => {
    const [first] = workers as [RunningWorker];
    const response = await fetch(`${service.url}/api/jobs`, {
      method: 'POST',
      body: await form({ target_language: 'fra' }, { file: input }),
    });
    const { id } = (await response.json()) as { id: string };
    const record = (): StoredRecord =>
      JSON.parse(readFileSync(join(dataDir, 'jobs', id, 'job.json'), 'utf8')) as StoredRecord;
    await readJobEvents(
      `${service.url}/api/jobs/${id}/events`,
      (event) => event.event === 'progress' && Number(event.data['progress']) >= 20,
      { ms: 180_000 },
    );
    expect(record().runToken).toBe(1);
    const following = readJobEvents(`${service.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), {
      ms: 300_000,
    });
    const second = await startWorker(workerEnv(redis.url));
    workers.push(second);
    first.freeze();
    try {
      // The second worker takes the job up: its run holds the next token.
      await waitFor(() => record().runToken === 2 && record().state === 'running', 60_000);
    } finally {
      first.thaw();
    }
    await waitFor(() => first.log.some((entry) => entry.id === id && entry.event === 'done'), 60_000);
    const events = await following;
    await waitFor(() => second.log.some((entry) => entry.id === id && entry.event === 'done'), 10_000);
    const outcomes = [...first.log, ...second.log].filter((entry) => entry.id === id && entry.event === 'done');
    expect(outcomes.map((entry) => [entry.worker === first.pid ? 'first' : 'second', entry.outcome])).toEqual([
      ['first', 'lost'],
      ['second', 'settled'],
    ]);
    expect(events.filter((event) => event.event === 'state').at(-1)?.data['state']).toBe('ready');
    const done = record();
    expect(done.state).toBe('ready');
    expect(done.runToken).toBe(2);
    expect(done.result?.file).toMatch(/dubbed-r0-run2\.wav$/);
    // The first run published nothing: no file of its own is left among the results.
    expect(readdirSync(join(dataDir, 'jobs', id, 'result')).filter((name) => name.includes('-run1.'))).toEqual([]);
    expect(existsSync(join(dataDir, 'jobs', id, '.lock'))).toBe(false);
    const answered = (await (await fetch(`${service.url}/api/jobs/${id}/result`)).arrayBuffer()).byteLength;
    expect(answered).toBeGreaterThan(44);
  }, 600_000);
});
