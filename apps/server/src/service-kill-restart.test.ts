import { mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@voxlate/contract';
import { makeLibrivoxWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { form, startService, waitFor, type RunningService } from './test/service-process.js';

/**
 * A service killed (SIGKILL) early in a job's run and started again at once, as a supervisor
 * does: the job ends ready every time, whatever the timing, and the new service stays up. Each
 * test has a data folder of its own.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-kill-restart-'));
const services: RunningService[] = [];
let input = '';

beforeAll(() => {
  input = makeLibrivoxWav(dir);
});
afterAll(async () => {
  for (const service of services) await service.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function started(env: Record<string, string>, dataDir: string): Promise<RunningService> {
  const service = await startService(env, { dataDir });
  services.push(service);
  return service;
}

async function submit(service: RunningService): Promise<string> {
  const response = await fetch(`${service.url}/api/jobs`, {
    method: 'POST',
    body: await form({ target_language: 'spa', voice: 'neutral' }, { file: input }),
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { id: string }).id;
}

async function jobOf(service: RunningService, id: string): Promise<Job> {
  return (await (await fetch(`${service.url}/api/jobs/${id}`)).json()) as Job;
}

async function settled(service: RunningService, id: string): Promise<Job> {
  await readJobEvents(`${service.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), { ms: 300_000 });
  return jobOf(service, id);
}

describe('a job killed early in its run, the service restarted at once', () => {
  it('ends ready when killed as soon as it runs, with its lock still held by the dead process', async () => {
    const dataDir = mkdtempSync(join(dir, 'data-'));
    const first = await started({}, dataDir);
    const id = await submit(first);
    await waitFor(async () => (await jobOf(first, id)).state === 'running', 60_000);
    await first.kill();
    // As if killed while it held the job's lock and touched it last just now, on a machine where
    // the service starts 6 s sooner than here: the lock folder is there, and fresh for 16 s.
    const lock = join(dataDir, 'jobs', id, '.lock');
    mkdirSync(lock, { recursive: true });
    const touched = new Date(Date.now() + 6_000);
    utimesSync(lock, touched, touched);
    const second = await started({}, dataDir);
    const job = await settled(second, id);
    expect({ state: job.state, error: job.error }).toEqual({ state: 'ready', error: undefined });
    expect(second.exited()).toBe(false);
  }, 400_000);

  it('ends ready when killed a few per cent in', async () => {
    const dataDir = mkdtempSync(join(dir, 'data-'));
    const first = await started({}, dataDir);
    const id = await submit(first);
    await waitFor(async () => (await jobOf(first, id)).progress >= 3, 120_000);
    await first.kill();
    const second = await started({}, dataDir);
    expect((await settled(second, id)).state).toBe('ready');
    expect(second.exited()).toBe(false);
  }, 400_000);

  it('is taken up by another service on the same data folder when its own dies and nothing restarts it', async () => {
    const dataDir = mkdtempSync(join(dir, 'data-'));
    const watcher = await started({ VOXLATE_JOB_SWEEP_SECONDS: '1' }, dataDir);
    const runner = await started({}, dataDir);
    const id = await submit(runner);
    await waitFor(async () => (await jobOf(runner, id)).state === 'running', 60_000);
    await runner.kill();
    expect((await settled(watcher, id)).state).toBe('ready');
  }, 400_000);
});
