import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@voxlate/contract';
import { makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn, type JobEvent } from './test/job-events.js';
import { form, startService, type RunningService } from './test/service-process.js';

/**
 * A URL import through the jobs API is a job from its first moment: the link is fetched by the
 * job, not by the request, so the import goes on when the client that asked has gone.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-url-jobs-test-'));
let service: RunningService;
let closed: RunningService;
let speech = '';
/** The media host: it holds every answer until the test lets it go. */
let host: Server;
let hostUrl = '';
let letGo: () => void = () => undefined;
let asked = 0;

beforeAll(async () => {
  speech = await makeSpeechWav(dir, ['Welcome back to the channel.', 'Today we cook a simple dinner.'], 'talk.wav');
  const held = new Promise<void>((resolve) => (letGo = resolve));
  host = createServer((_request, response) => {
    asked++;
    void held.then(() => response.end(readFileSync(speech)));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as { port: number }).port}`;
  [service, closed] = await Promise.all([
    startService({ VOXLATE_ALLOW_PRIVATE_URLS: '1', VOXLATE_HEARTBEAT_MS: '200' }),
    startService(),
  ]);
});
afterAll(async () => {
  letGo();
  await Promise.all([service.stop(), closed.stop()]);
  host.closeAllConnections();
  await new Promise((resolve) => host.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function submitLink(on: RunningService, url: string): Promise<Response> {
  return fetch(`${on.url}/api/jobs`, { method: 'POST', body: await form({ target_language: 'spa', url }) });
}

describe('a URL import through the jobs API', () => {
  it('is queued before its link has answered, fetches it as its first step, and is dubbed and listed', async () => {
    const response = await submitLink(service, `${hostUrl}/cooking%20show/episode-12.wav`);
    expect(response.status).toBe(202);
    const job = (await response.json()) as Job;
    expect(job.input_name).toBe('episode-12.wav');
    // The host has not sent a byte: the request did not wait for the fetch, and there is no source yet.
    const source = await fetch(`${service.url}/api/jobs/${job.id}/source`);
    expect(source.status).toBe(404);
    expect(((await source.json()) as { error: string }).error).toMatch(/not fetched its link yet/);
    const phases: string[] = [];
    const events = readJobEvents(`${service.url}/api/jobs/${job.id}/events`, (event: JobEvent) => {
      // A stream that opens after the fetch began learns its phase from the snapshot.
      const phase = event.event === 'progress' || event.event === 'snapshot' ? event.data['phase'] : undefined;
      if (typeof phase === 'string') phases.push(phase);
      return settledIn(['ready', 'failed', 'cancelled'])(event);
    });
    await expect.poll(() => asked, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => phases.length, { timeout: 10_000 }).toBeGreaterThan(0);
    letGo();
    expect((await events).at(-1)?.data['state']).toBe('ready');
    expect(phases[0]).toBe('Fetching the link...');
    const listed = (await (await fetch(`${service.url}/api/jobs`)).json()) as { jobs: Job[] };
    const done = listed.jobs.find((item) => item.id === job.id)!;
    expect(done).toMatchObject({ state: 'ready', kind: 'audio', input_name: 'episode-12.wav' });
    expect(done.phases.length).toBeGreaterThan(0);
    const fetched = Buffer.from(await (await fetch(`${service.url}/api/jobs/${job.id}/source`)).arrayBuffer());
    expect(fetched.equals(readFileSync(speech))).toBe(true);
  });

  it('refuses a link to a private address at once (400), naming the setting that allows it', async () => {
    const response = await submitLink(closed, `${hostUrl}/talk.wav`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/VOXLATE_ALLOW_PRIVATE_URLS=1/);
    const listed = (await (await fetch(`${closed.url}/api/jobs`)).json()) as { total: number };
    expect(listed.total).toBe(0);
  });

  it('fails the job, in the link’s own words, when what came is not media', async () => {
    const bad = createServer((_request, response) => response.end('<html>not a file</html>'));
    await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
    try {
      const job = (await (
        await submitLink(service, `http://127.0.0.1:${(bad.address() as { port: number }).port}/page.html`)
      ).json()) as Job;
      await readJobEvents(`${service.url}/api/jobs/${job.id}/events`, settledIn(['ready', 'failed', 'cancelled']));
      const failed = (await (await fetch(`${service.url}/api/jobs/${job.id}`)).json()) as Job;
      expect(failed.state).toBe('failed');
      expect(failed.error?.message).toBe('Please upload a valid audio file');
    } finally {
      await new Promise((resolve) => bad.close(resolve));
    }
  });
});
