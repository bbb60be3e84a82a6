import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@voxlate/contract';
import type { Timeline } from '@voxlate/core';
import { decodedSamples, makeTwoSpeakerWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { startRedis, startWorker, type RunningRedis, type RunningWorker } from './test/redis-process.js';
import { form, startService, type RunningService } from './test/service-process.js';

/**
 * Stems follow a moved line (issue 40, item 4), on real Redis with two processes: the service
 * takes the edits and makes the stems asked for; a worker process renders. A job's stems are
 * made from the run its result was made from (`rendered.json` in the shared data folder), so a
 * line moved to another speaker is on that speaker's track once the worker's render speaks it
 * there, and not before (the old code made them from the edited lines: the line sat on the new
 * speaker's track in the old voice while the result still had it on the old speaker).
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-stems-redis-'));
const dataDir = mkdtempSync(join(tmpdir(), 'voxlate-stems-redis-data-'));
let redis: RunningRedis;
let service: RunningService;
let worker: RunningWorker;
let input = '';

beforeAll(async () => {
  input = makeTwoSpeakerWav(dir, 'two speakers.wav');
  redis = await startRedis();
  service = await startService({ VOXLATE_REDIS_URL: redis.url }, { dataDir });
  worker = await startWorker({ VOXLATE_REDIS_URL: redis.url, VOXLATE_DATA_DIR: dataDir, VOXLATE_WORKER_JOBS: '1' });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  await service?.stop();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (path: string, init?: RequestInit): Promise<Response> => fetch(`${service.url}/api/jobs${path}`, init);
const patch = (path: string, body: unknown): Promise<Response> =>
  api(path, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function settled(id: string): Promise<Job> {
  await readJobEvents(`${service.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), { ms: 240_000 });
  return (await (await api(`/${id}`)).json()) as Job;
}

async function report(id: string): Promise<Timeline> {
  return ((await (await api(`/${id}/report`)).json()) as { timeline: Timeline }).timeline;
}

describe('stems of a job rendered by a worker', () => {
  it('keep the dub as rendered: a moved line is on its new speaker’s track once the render speaks it there', async () => {
    const created = await api('', {
      method: 'POST',
      // Russian: RHVoice has men's and women's voices, so every speaker has one of their own.
      body: await form({ target_language: 'rus', voice: 'shaped', speakers: '2' }, { file: input }),
    });
    const { id } = (await created.json()) as Job;
    expect((await settled(id)).state).toBe('ready');
    expect(worker.log.some((entry) => entry.id === id && entry.outcome === 'settled')).toBe(true);
    const [first, second] = (await report(id)).segments.filter((segment) => segment.speaker === 'S1');
    expect(second).toBeDefined();
    const move = async (line: number): Promise<void> =>
      expect((await patch(`/${id}/segments/${line}`, { speaker: 'S3' })).status).toBe(200);
    const render = async (): Promise<void> => {
      expect((await api(`/${id}/render`, { method: 'POST' })).status).toBe(202);
      expect((await settled(id)).state).toBe('ready');
    };
    /** A speaker's track's level across a line's time, dB (a silent track: about -200). */
    const levelOn = async (speaker: string, line: { start: number; end: number }): Promise<number> => {
      const response = await api(`/${id}/stems/speaker-${speaker}.wav`);
      expect(response.status).toBe(200);
      const path = join(dir, `speaker-${speaker}.wav`);
      writeFileSync(path, Buffer.from(await response.arrayBuffer()));
      const samples = decodedSamples(path, 16000).subarray(
        Math.round((line.start + 0.1) * 16000),
        Math.round((line.end - 0.1) * 16000),
      );
      return 10 * Math.log10(samples.reduce((sum, value) => sum + value * value, 0) / samples.length + 1e-20);
    };
    // A render whose stems nobody has asked for yet, then a second move that waits for the next one.
    await move(first!.id);
    await render();
    await move(second!.id);
    const waiting = (await (await api(`/${id}`)).json()) as Job;
    expect(waiting.state).toBe('stale');
    // The stems are the result's: the second line is still on S1's track, the first on S3's.
    expect(waiting.stems?.map((stem) => stem.file)).toContain('speaker-S1.wav');
    expect((await levelOn('S1', second!)) - (await levelOn('S3', second!))).toBeGreaterThan(30);
    expect((await levelOn('S3', first!)) - (await levelOn('S1', first!))).toBeGreaterThan(30);
    // Rendered by the worker: the second line is spoken by S3 and on S3's track.
    await render();
    expect((await levelOn('S3', second!)) - (await levelOn('S1', second!).catch(() => -200))).toBeGreaterThan(30);
    expect(worker.log.filter((entry) => entry.id === id && entry.outcome === 'settled')).toHaveLength(3);
  }, 600_000);
});
