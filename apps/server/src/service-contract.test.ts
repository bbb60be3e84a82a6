import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AudioUrlAnswer, DubAnswer, mismatches, ROUTES, Routes, VideoEvent, type TSchema } from '@voxlate/contract';
import { DEFAULT_DUB_OPTIONS } from '@voxlate/core';
import { Dubber } from '@voxlate/dubber';
import { makeSpeechWav, makeVideo } from '../../../packages/dubber/src/test/make-media.js';
import { buildApp, servedRoutes } from './app.js';
import { serverConfigFromEnv } from './config.js';
import { readJobEvents, settledIn, type JobEvent } from './test/job-events.js';
import { form, parseSse, serveFolder, startService, type RunningService } from './test/service-process.js';

/**
 * The contract against the service: every route it registers is declared (and so in the API
 * reference), and the answers streamed past the answer check (media in JSON, server-sent events)
 * fit their schemas. Every plain JSON answer of every service test is checked by the service
 * itself (VOXLATE_CHECK_ANSWERS).
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-contract-test-'));
let service: RunningService;
let speech = '';
let video = '';
let files: Awaited<ReturnType<typeof serveFolder>>;

beforeAll(async () => {
  speech = await makeSpeechWav(dir, ['Welcome back to the channel.', 'Today we cook a simple dinner.'], 'talk.wav');
  video = makeVideo(dir, speech, 'talk.mp4');
  files = await serveFolder(dir);
  service = await startService({ VOXLATE_ALLOW_PRIVATE_URLS: '1' });
});
afterAll(async () => {
  await service.stop();
  files.server.close();
  rmSync(dir, { recursive: true, force: true });
});

function expectFits(schema: TSchema, value: unknown): void {
  expect(mismatches(schema, value)).toEqual([]);
}

describe('the routes the service registers', () => {
  it('are exactly the routes of the contract (and so of the API reference)', async () => {
    const data = join(dir, 'walk');
    const config = { ...serverConfigFromEnv({}), tempRoot: join(data, 'tmp'), webRoot: join(data, 'no-web') };
    const app = await buildApp(
      config,
      new Dubber({ tempRoot: config.tempRoot, options: DEFAULT_DUB_OPTIONS, dataDir: join(data, 'data') }),
    );
    try {
      await app.ready();
      const served = servedRoutes(app).map((route) => `${route.method} ${route.path}`);
      const declared = ROUTES.map((route) => `${route.method} ${route.path}`);
      // Not the API: the studio's page at / (its files when built), and CORS's preflight answer.
      const api = served.filter((route) => !/^GET \/(\*)?$/.test(route) && route !== 'OPTIONS *');
      expect([...api].sort()).toEqual([...declared].sort());
    } finally {
      await app.close();
    }
  });
});

describe('answers that stream', () => {
  it('POST /translate answers a DubAnswer', async () => {
    const response = await fetch(`${service.url}/translate`, {
      method: 'POST',
      body: await form({ target_language: 'spa' }, { file: speech }),
    });
    expect(response.status).toBe(200);
    expectFits(DubAnswer, await response.json());
  });

  it('POST /process-video streams events of the declared shapes, ending with the result', async () => {
    const response = await fetch(`${service.url}/process-video`, {
      method: 'POST',
      body: await form({ target_language: 'spa', apply_lip_sync: 'false' }, { video }),
    });
    const { events, malformed } = parseSse(await response.text());
    expect(malformed).toEqual([]);
    for (const event of events) expectFits(VideoEvent, event);
    expect(events.at(-1)).toMatchObject({ progress: 100, phase: 'Done' });
  });

  it('POST /process-audio-url answers an AudioUrlAnswer', async () => {
    const response = await fetch(`${service.url}/process-audio-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${files.url}/talk.wav`, target_language: 'fra' }),
    });
    expect(response.status).toBe(200);
    expectFits(AudioUrlAnswer, await response.json());
  });

  it("a job's event stream sends only declared events, and closes after the job is ready", async () => {
    const created = await fetch(`${service.url}/api/jobs`, {
      method: 'POST',
      body: await form({ target_language: 'spa' }, { file: speech }),
    });
    const { id, phases } = (await created.json()) as { id: string; phases: { id: string; label: string }[] };
    // A dub without lip sync or burn-in never shows those phases: not in its plan, not in its events.
    expect(phases.map((phase) => phase.id)).toEqual(expect.arrayContaining(['ingest', 'recognise', 'mix']));
    expect(phases.map((phase) => phase.id)).not.toContain('lipsync');
    const events: JobEvent[] = await readJobEvents(`${service.url}/api/jobs/${id}/events`, () => false);
    const declared = (Routes.followJob.answers[200] as { events: Record<string, TSchema> }).events;
    for (const event of events) {
      expect(Object.keys(declared)).toContain(event.event);
      expectFits(declared[event.event]!, event.data);
    }
    const shown = events.filter((event) => event.event === 'progress').map((event) => event.data['phase']);
    expect(shown).not.toContain('Lip sync');
    expect(shown).not.toContain('Burning in subtitles');
    // The stream ended by itself (readJobEvents read to its end): the last state, then `end`.
    expect(events.map((event) => event.event).slice(-2)).toEqual(['state', 'end']);
    expect(events.at(-2)?.data).toMatchObject({ state: 'ready' });
    expect(settledIn(['ready'])(events.at(-2)!)).toBe(true);
  });
});
