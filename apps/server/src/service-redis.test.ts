import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@voxlate/contract';
import { makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { startRedis, startWorker, type RunningRedis, type RunningWorker } from './test/redis-process.js';
import { form, startService, waitFor, type RunningService } from './test/service-process.js';

/**
 * Scaling out: the service only enqueues in a real Redis (Debian's redis-server, started here on
 * a free loopback port) and two worker processes share the job store. Twenty jobs at once all
 * complete, none lost, none run twice to completion; a worker killed mid-job leaves its job to
 * the other, which resumes it.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-redis-test-'));
const dataDir = mkdtempSync(join(tmpdir(), 'voxlate-redis-data-'));
let redis: RunningRedis;
let service: RunningService;
const workers: RunningWorker[] = [];
let input = '';

beforeAll(async () => {
  input = await makeSpeechWav(dir, ['Welcome back to the channel.', 'Today we cook a simple dinner.']);
  redis = await startRedis();
  const env = {
    VOXLATE_REDIS_URL: redis.url,
    VOXLATE_DATA_DIR: dataDir,
    // A dead worker's job is looked for every second and free after 3 s without a lock renewal.
    VOXLATE_WORKER_LOCK_MS: '3000',
    VOXLATE_WORKER_STALLED_MS: '1000',
    VOXLATE_WORKER_JOBS: '1',
  };
  // The 20 jobs of the first test are exactly one client's share.
  service = await startService({ VOXLATE_REDIS_URL: redis.url, VOXLATE_MAX_QUEUED_PER_CLIENT: '20' }, { dataDir });
  workers.push(await startWorker(env), await startWorker(env));
});
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await service?.stop();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('jobs on Redis with two workers', () => {
  it('completes 20 jobs submitted at once, each once, and a killed worker’s job on the other', async () => {
    // One short line each: the queue and the workers are the point, and after the kill one worker runs 19.
    const short = await makeSpeechWav(dir, ['Welcome back to the channel.'], 'short.wav');
    const submitted = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await fetch(`${service.url}/api/jobs`, {
          method: 'POST',
          body: await form({ target_language: 'spa' }, { file: short }),
        });
        expect(response.status).toBe(202);
        return ((await response.json()) as { id: string }).id;
      }),
    );
    // A group counts a job a language against the share: ten more do not fit while fewer than ten
    // of the twenty have ended (before, a group counted once and a client could queue 10 x 20).
    const group = await fetch(`${service.url}/api/jobs`, {
      method: 'POST',
      body: await form({ target_languages: 'spa,fra,ita,deu,rus,ell,jpn,kor,cmn,yue' }, { file: short }),
    });
    expect(group.status).toBe(429);
    expect(((await group.json()) as { error: string }).error).toMatch(
      /^A dub into 10 languages is 10 jobs, and you already have (1[1-9]|20) running or waiting \(at most 20\)/,
    );
    // Worker A is killed while it works on a job (after it has taken at least one).
    const [first, second] = workers as [RunningWorker, RunningWorker];
    const working = (): string | undefined => {
      const active = first.log.filter((entry) => entry.event === 'active').at(-1);
      return active && !first.log.some((entry) => entry.id === active.id && entry.event === 'done')
        ? active.id
        : undefined;
    };
    await waitFor(() => working() !== undefined, 120_000);
    const taken = working()!;
    await first.kill();
    for (const id of submitted) {
      await readJobEvents(`${service.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed', 'cancelled']), {
        ms: 300_000,
      });
      const job = (await (await fetch(`${service.url}/api/jobs/${id}`)).json()) as { state: string };
      expect({ id, state: job.state }).toEqual({ id, state: 'ready' });
    }
    // A worker logs a job's end just after the store says ready: wait for the last of those lines.
    const loggedEnd = (id: string): boolean =>
      [...first.log, ...second.log].some((entry) => entry.id === id && entry.event === 'done');
    await waitFor(() => submitted.every(loggedEnd), 10_000);
    const ended = [...first.log, ...second.log].filter(
      (entry) => entry.event === 'done' && entry.outcome === 'settled',
    );
    for (const id of submitted)
      expect({ id, runs: ended.filter((entry) => entry.id === id).length }).toEqual({ id, runs: 1 });
    const killedJobEnded = first.log.some((entry) => entry.id === taken && entry.event === 'done');
    if (!killedJobEnded) {
      await waitFor(() => second.log.some((entry) => entry.id === taken && entry.outcome === 'settled'), 10_000);
    }
    expect(second.log.filter((entry) => entry.event === 'done').length).toBeGreaterThan(0);
  }, 400_000);

  it('answers the spec endpoints through the workers, as without Redis', async () => {
    const response = await fetch(`${service.url}/translate`, {
      method: 'POST',
      body: await form({ target_language: 'ita', backend: 'cascaded' }, { file: input }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { audio: string; job_id: string; transcripts: { target: string } };
    expect(Buffer.from(body.audio, 'base64').subarray(0, 4).toString()).toBe('RIFF');
    expect(body.transcripts.target).not.toBe('');
    await waitFor(
      () => workers[1]!.log.some((entry) => entry.id === body.job_id && entry.outcome === 'settled'),
      10_000,
    );
  }, 120_000);

  it('cancels a job through Redis: the worker running it stops', async () => {
    const response = await fetch(`${service.url}/api/jobs`, {
      method: 'POST',
      body: await form({ target_language: 'fra' }, { file: input }),
    });
    const { id } = (await response.json()) as { id: string };
    await readJobEvents(`${service.url}/api/jobs/${id}/events`, (event) => event.event === 'progress', { ms: 60_000 });
    const cancelled = (await (await fetch(`${service.url}/api/jobs/${id}/cancel`, { method: 'POST' })).json()) as {
      state: string;
    };
    expect(cancelled.state).toBe('cancelled');
    // The worker's log says it ended the job (cancelled), and the files of the job's work are gone.
    const worker = workers[1]!;
    await waitFor(() => worker.log.some((entry) => entry.id === id && entry.event === 'done'));
  }, 120_000);

  it('runs a group of languages as one entry: each job’s updates reach its own stream, a job is cancelled alone', async () => {
    const response = await fetch(`${service.url}/api/jobs`, {
      method: 'POST',
      body: await form({ target_languages: 'spa,ita,deu', voice: 'neutral' }, { file: input }),
    });
    expect(response.status).toBe(202);
    const [first, second, last] = ((await response.json()) as Job).group!.jobs.map((job) => job.id) as [
      string,
      string,
      string,
    ];
    // The second job's own stream (followed from now) hears it wait for the first, then run, then end.
    const heard = readJobEvents(`${service.url}/api/jobs/${second}/events`, settledIn(['ready', 'failed']), {
      ms: 120_000,
    });
    const cancelled = await fetch(`${service.url}/api/jobs/${last}/cancel`, { method: 'POST' });
    expect(((await cancelled.json()) as Job).state).toBe('cancelled');
    const events = await heard;
    // Heard as it came, or in the snapshot that opens the stream when the wait began before it.
    const waiting = (event: (typeof events)[number]): boolean =>
      (event.event === 'progress' || event.event === 'snapshot') &&
      event.data['phase'] === 'Waiting for the Spanish dub to hear the speech';
    expect(events.some(waiting)).toBe(true);
    expect(events.some((event) => event.event === 'state' && event.data['state'] === 'running')).toBe(true);
    const jobs = await Promise.all(
      [first, second, last].map(async (id) => (await (await fetch(`${service.url}/api/jobs/${id}`)).json()) as Job),
    );
    expect(jobs.map((job) => job.state)).toEqual(['ready', 'ready', 'cancelled']);
    expect(jobs[1]!.stage_seconds['recognise']).toBeUndefined();
    // One entry ran the group: the worker logged it under the first job's id alone.
    const logged = workers.flatMap((worker) => worker.log).filter((entry) => entry.event === 'active');
    expect(logged.some((entry) => entry.id === first)).toBe(true);
    expect(logged.some((entry) => entry.id === second || entry.id === last)).toBe(false);
  }, 180_000);
});
