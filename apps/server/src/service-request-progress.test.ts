import type { Server } from 'node:http';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn, type JobEvent } from './test/job-events.js';
import { form, serveFolder, startService, waitFor, type RunningService } from './test/service-process.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-request-progress-test-'));
let service: RunningService;
let files: Server;
let filesUrl = '';
let speech = '';

beforeAll(async () => {
  speech = await makeSpeechWav(
    dir,
    ['Welcome back to the channel.', 'Today we cook a simple dinner.', 'First we cut the onions.'],
    'speech.wav',
  );
  service = await startService({ VOXLATE_ALLOW_PRIVATE_URLS: '1', VOXLATE_HEARTBEAT_MS: '200' });
  ({ url: filesUrl, server: files } = await serveFolder(dir));
});
afterAll(async () => {
  files.close();
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
});

const requestEvents = (id: string, until: (event: JobEvent) => boolean): Promise<JobEvent[]> =>
  readJobEvents(`${service.url}/api/requests/${id}/events`, until);

const jobFolders = (): string[] => readdirSync(join(service.dataDir, 'jobs')).filter((name) => !name.startsWith('.'));

describe('stage progress of the spec endpoints, by request id', () => {
  it('streams the stages of /translate while it waits for its one answer', async () => {
    const id = randomUUID();
    const events = requestEvents(id, settledIn(['ready', 'failed']));
    const response = await fetch(`${service.url}/translate`, {
      method: 'POST',
      body: await form({ target_language: 'spa', source_language: 'eng', request_id: id }, { file: speech }),
    });
    expect(response.status).toBe(200);
    const seen = await events;
    const progress = seen.filter((event) => event.event === 'progress').map((event) => event.data);
    const phases = new Set(progress.map((update) => update['phase']));
    expect(phases.size).toBeGreaterThanOrEqual(4);
    const values = progress.map((update) => Number(update['progress']));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(seen.at(-1)!.data['state']).toBe('ready');
    // Only progress and state: never the job's lines or files.
    expect(seen.every((event) => ['progress', 'state'].includes(event.event))).toBe(true);
    expect(JSON.stringify(seen)).not.toMatch(/segments|transcript|cook/i);
  }, 120_000);

  it('follows the link flow too, with a subtitles file as the source', async () => {
    const id = randomUUID();
    const srt = '1\n00:00:00,200 --> 00:00:02,000\nHello from the subtitles.\n\n';
    const events = requestEvents(id, settledIn(['ready', 'failed']));
    const response = await fetch(`${service.url}/process-audio-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        url: `${filesUrl}/speech.wav`,
        target_language: 'spa',
        source_language: 'eng',
        request_id: id,
        subtitles: srt,
      }),
    });
    const body = (await response.json()) as { transcripts: { source: string }; error?: string };
    expect(body.error).toBeUndefined();
    expect(body.transcripts.source).toBe('Hello from the subtitles.');
    expect((await events).at(-1)!.data['state']).toBe('ready');
  }, 120_000);

  it('cancels: a client that aborts its request stops the job and leaves no files', async () => {
    const before = jobFolders();
    const id = randomUUID();
    const firstStage = requestEvents(id, (event) => event.event === 'progress' && Number(event.data['progress']) > 0);
    const controller = new AbortController();
    const answer = fetch(`${service.url}/translate`, {
      method: 'POST',
      body: await form({ target_language: 'spa', source_language: 'eng', request_id: id }, { file: speech }),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await firstStage;
    const running = jobFolders().filter((name) => !before.includes(name));
    expect(running).toHaveLength(1);
    controller.abort();
    expect(await answer).toBeInstanceOf(Error);
    await waitFor(() => jobFolders().length === before.length);
    expect(jobFolders()).toEqual(before);
  }, 120_000);

  it('refuses a malformed request id, in the form and in the stream address', async () => {
    const response = await fetch(`${service.url}/translate`, {
      method: 'POST',
      body: await form({ target_language: 'spa', request_id: 'no spaces please' }, { file: speech }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/request_id must be 8 to 64/);
    const stream = await fetch(`${service.url}/api/requests/short/events`);
    expect(stream.status).toBe(400);
    const subtitles = await fetch(`${service.url}/process-audio-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${filesUrl}/speech.wav`, target_language: 'spa', subtitles: 42 }),
    });
    expect(subtitles.status).toBe(400);
    expect(((await subtitles.json()) as { error: string }).error).toMatch(/subtitles must be the text/);
  });
});
