import { request as httpRequest, type ClientRequest } from 'node:http';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSrt } from '@voxlate/core';
import { makeDurationLie, makeSpeechWav, makeVideo } from '../../../packages/dubber/src/test/make-media.js';
import { descendantsOf, form, isAlive, startService, waitFor, type RunningService } from './test/service-process.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-abuse-test-'));
let service: RunningService;
let video = '';
let speech = '';

beforeAll(async () => {
  speech = await makeSpeechWav(dir, ['Welcome back to the channel.', 'Today we cook a simple dinner.']);
  video = makeVideo(dir, speech);
  service = await startService({ VOXLATE_MAX_JOBS: '1', VOXLATE_MAX_WAITING: '1' });
});
afterAll(async () => {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts a video job and resolves once it is transcribing (pocketsphinx running), with its request. */
async function videoJobTranscribing(serviceUrl: string): Promise<ClientRequest> {
  const encoded = new Response(await form({ target_language: 'spa' }, { video }));
  const request = httpRequest(new URL('/process-video', serviceUrl), {
    method: 'POST',
    headers: { 'content-type': encoded.headers.get('content-type')! },
  });
  const transcribing = new Promise<void>((resolve) => {
    request.on('response', (response) =>
      response.setEncoding('utf8').on('data', (chunk: string) => chunk.includes('Transcribing') && resolve()),
    );
  });
  request.on('error', () => undefined);
  request.end(Buffer.from(await encoded.arrayBuffer()));
  await transcribing;
  return request;
}

const jobs = async (): Promise<{ running: number; waiting: number }> =>
  ((await (await fetch(`${service.url}/health`)).json()) as { jobs: { running: number; waiting: number } }).jobs;

/**
 * Streams a multipart upload of `bytes` zero bytes without ever holding it in memory, and
 * resolves with the status and body the server answered (it may answer before the end).
 */
function streamUpload(bytes: number): Promise<{ status: number; body: string }> {
  const boundary = 'voxlate-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="target_language"\r\n\r\nspa\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL('/translate', service.url);
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + bytes + tail.length),
      },
    });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    request.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'EPIPE' ? undefined : reject(error)));
    const chunk = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const pump = (): void => {
      while (sent < bytes) {
        const size = Math.min(chunk.length, bytes - sent);
        sent += size;
        if (!request.write(size === chunk.length ? chunk : chunk.subarray(0, size)))
          return void request.once('drain', pump);
      }
      request.end(tail);
    };
    request.write(head);
    pump();
  });
}

describe('abuse and failures', () => {
  it('refuses a 151 MB upload with 413 while streaming, memory staying flat', async () => {
    const before = service.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, service.rss())), 50);
    const answer = await streamUpload(151 * 1024 * 1024);
    clearInterval(sampler);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ error: 'File max 150MB' });
    expect(peak - before).toBeLessThan(80 * 1024 * 1024);
    await waitFor(() => readdirSync(service.tempRoot).length === 0);
  });

  it('refuses links to private and local addresses, whatever their spelling', async () => {
    const links = [
      'http://127.0.0.1/a.wav',
      'http://localhost/a.wav',
      'http://[::1]/a.wav',
      'http://10.0.0.1/a.wav',
      'http://192.168.1.1/a.wav',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/a.wav',
      'http://2130706433/a.wav',
      'http://[::ffff:127.0.0.1]/a.wav',
      'http://[::7f00:1]/a.wav',
      'http://[::a9fe:a9fe]/latest/meta-data',
      'http://[0:0:0:0:0:0:7f00:1]:5001/health',
      'http://[64:ff9b::7f00:1]/a.wav',
      'http://[::ffff:0:a9fe:a9fe]/a.wav',
      'http://[fec0::1]/a.wav',
      'http://0x7f.1/a.wav',
      'http://017700000001/a.wav',
      'http://127.1/a.wav',
      `${service.url}/health`,
    ];
    for (const url of links) {
      const response = await fetch(`${service.url}/process-audio-url`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url, target_language: 'spa', backend: 'cascaded' }),
      });
      expect(response.status, url).toBe(400);
      expect(((await response.json()) as { error: string }).error, url).toMatch(/private, local or reserved/);
    }
  });

  it('aborts the job of a client that disconnects mid-stream and removes its files', async () => {
    const request = await videoJobTranscribing(service.url);
    expect((await jobs()).running).toBe(1);
    request.destroy();
    await waitFor(async () => (await jobs()).running === 0);
    await waitFor(() => readdirSync(service.tempRoot).length === 0);
  });

  it('answers 429 to a client past its share of jobs, before any stream opens', async () => {
    const single = await startService({ VOXLATE_MAX_JOBS_PER_CLIENT: '1' });
    try {
      const open = async (): Promise<Response> =>
        fetch(`${single.url}/process-video`, {
          method: 'POST',
          body: await form({ target_language: 'spa' }, { video }),
        });
      const first = await open();
      expect(first.headers.get('content-type')).toMatch(/event-stream/);
      const second = await open();
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('30');
      expect(((await second.json()) as { error: string }).error).toMatch(/^You already have 1 jobs running or waiting/);
      await first.text();
      // Once the first is done, the client may start another.
      const third = await open();
      expect(third.headers.get('content-type')).toMatch(/event-stream/);
      await third.text();
    } finally {
      await single.stop();
    }
  });

  it('answers 503 with Retry-After when the waiting line is full', async () => {
    const open = async (): Promise<Response> =>
      fetch(`${service.url}/process-video`, {
        method: 'POST',
        body: await form({ target_language: 'spa' }, { video }),
      });
    const first = await open();
    const second = await open();
    await waitFor(async () => (await jobs()).waiting === 1);
    const third = await fetch(`${service.url}/translate`, {
      method: 'POST',
      body: await form({ target_language: 'spa' }, { file: video }),
    });
    expect(third.status).toBe(503);
    expect(third.headers.get('retry-after')).toBe('30');
    expect(((await third.json()) as { error: string }).error).toMatch(/busy/);
    await Promise.all([first.text(), second.text()]);
  });
});

describe('limits on subtitles given as the source', () => {
  const srt = (cues: [number, number, string][]): string =>
    toSrt(cues.map(([start, end, text]) => ({ start, end, text })));

  it('refuses 2,000 cues on a short clip at once, before any work', async () => {
    const bomb = srt(Array.from({ length: 2000 }, (_, i) => [i * 0.002, i * 0.002 + 0.01, `cue ${i}`]));
    const started = Date.now();
    const response = await fetch(`${service.url}/translate`, {
      method: 'POST',
      body: await form({ target_language: 'spa', source_language: 'eng', subtitles: bomb }, { file: speech }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(
      /^The subtitles have 2000 cues for [\d.]+ s of media: at most \d+ are accepted/,
    );
    // Before: 108 s of translating and speaking 2,000 lines.
    expect((await jobs()).running).toBe(0);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('leaves out cues after the end of the media and says so', async () => {
    const cues = srt([
      [1, 3, 'Welcome back to the channel.'],
      [500, 502, 'This line is from another file.'],
    ]);
    const response = await fetch(`${service.url}/translate`, {
      method: 'POST',
      body: await form({ target_language: 'spa', source_language: 'eng', subtitles: cues }, { file: speech }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { warnings: string[]; segments: unknown[] };
    expect(body.segments).toHaveLength(1);
    expect(body.warnings).toContainEqual(
      expect.stringMatching(/^1 subtitle cue starts after the media ends \(at 00:00:\d\d,\d{3}\) and was left out\.$/),
    );
  });
});

describe('limits, CORS and shutdown', () => {
  let limited: RunningService;
  beforeAll(async () => {
    limited = await startService({
      VOXLATE_RATE_TRANSLATE: '2',
      VOXLATE_MAX_MINUTES: '0.05',
      VOXLATE_CORS_ORIGINS: 'http://studio.example',
    });
  });
  afterAll(() => limited.stop());

  it('answers 422 for media longer than the maximum', async () => {
    const response = await fetch(`${limited.url}/process-video`, {
      method: 'POST',
      body: await form({ target_language: 'spa' }, { video }),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: string }).error).toMatch(/over the maximum of 0\.1 minutes/);
  });

  it('allows only the configured extra origins', async () => {
    const allowed = await fetch(`${limited.url}/health`, { headers: { origin: 'http://studio.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://studio.example');
    const other = await fetch(`${limited.url}/health`, { headers: { origin: 'http://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const byDefault = await fetch(`${service.url}/health`, { headers: { origin: 'http://studio.example' } });
    expect(byDefault.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses state-changing requests from other sites unless their origin is allowed', async () => {
    const post = async (headers: Record<string, string>): Promise<number> => {
      const response = await fetch(`${limited.url}/process-audio-url`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ url: 'http://127.0.0.1/a.wav', target_language: 'spa' }),
      });
      if (response.status === 403) {
        expect(((await response.json()) as { error: string }).error).toMatch(
          /Requests from other web sites are refused/,
        );
      } else await response.text();
      return response.status;
    };
    const own = new URL(limited.url).host;
    expect(await post({ origin: 'http://evil.example' })).toBe(403);
    expect(await post({ origin: 'null' })).toBe(403);
    expect(await post({ 'sec-fetch-site': 'cross-site' })).toBe(403);
    // The studio itself, an allowed origin, and tools that send no Origin go through (to the
    // address policy's 400 here).
    expect(await post({ origin: `http://${own}`, 'sec-fetch-site': 'same-origin' })).toBe(400);
    expect(await post({ origin: 'http://studio.example' })).toBe(400);
    expect(await post({})).toBe(400);
  });

  it('sends security headers', async () => {
    const response = await fetch(`${limited.url}/health`);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 429 with a JSON error past the per-minute limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${limited.url}/translate`, {
        method: 'POST',
        body: await form({ target_language: 'spa' }),
      });
      statuses.push(response.status);
      if (response.status === 429)
        expect(((await response.json()) as { error: string }).error).toMatch(/Too many requests/);
      else await response.text();
    }
    expect(statuses).toEqual([400, 400, 429]);
  });

  it('answers 422 for media whose header declares less than it holds, on every endpoint', async () => {
    const short = await startService({ VOXLATE_MAX_MINUTES: '0.05' });
    const audioLie = makeDurationLie(dir, speech, 20, 2);
    const videoLie = makeDurationLie(dir, video, 20, 2);
    const translate = await fetch(`${short.url}/translate`, {
      method: 'POST',
      body: await form({ target_language: 'spa' }, { file: audioLie }),
    });
    const processVideo = await fetch(`${short.url}/process-video`, {
      method: 'POST',
      body: await form({ target_language: 'spa' }, { video: videoLie }),
    });
    for (const response of [translate, processVideo]) {
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: string }).error).toMatch(
        /runs past the maximum of 0\.1 minutes, although the file says it lasts 2 s/,
      );
    }
    await short.stop();
  });

  it('removes the folders of running jobs when the server shuts down', async () => {
    const tempRoot = mkdtempSync(join(tmpdir(), 'voxlate-shutdown-test-'));
    const stoppable = await startService({}, { tempRoot });
    await videoJobTranscribing(stoppable.url);
    expect(readdirSync(stoppable.tempRoot).length).toBeGreaterThan(0);
    await stoppable.stop();
    expect(readdirSync(tempRoot)).toEqual([]);
    rmSync(tempRoot, { recursive: true, force: true });
  });
});

describe('a service killed with -9', () => {
  it('takes its children with it, and the next service removes the folders it left', async () => {
    const tempRoot = mkdtempSync(join(tmpdir(), 'voxlate-crash-test-'));
    try {
      // Its own Apertium server, not the run's shared one: the one that must end with it.
      const doomed = await startService({ VOXLATE_APERTIUM_URL: '' }, { tempRoot });
      // A first job warms Apertium (a process group of its own: the server and its pipelines).
      const warm = await fetch(`${doomed.url}/translate`, {
        method: 'POST',
        body: await form({ target_language: 'spa' }, { file: speech }),
      });
      expect(warm.status).toBe(200);
      await warm.arrayBuffer();
      // A second job is killed mid-way, while pocketsphinx decodes.
      await videoJobTranscribing(doomed.url);
      const children = descendantsOf(doomed.pid);
      expect(children.length).toBeGreaterThan(3);
      process.kill(doomed.pid, 'SIGKILL');
      // Before: apertium-apy and its 11 pipeline processes lived on (and a restart started more).
      await waitFor(() => !children.some(isAlive), 10_000).catch(() => undefined);
      expect(children.filter(isAlive)).toEqual([]);
      const left = readdirSync(tempRoot);
      expect(left.length).toBeGreaterThan(0);
      // Already dead: this only removes the test's own data folder.
      await doomed.stop();
      const next = await startService({}, { tempRoot });
      expect(readdirSync(tempRoot)).toEqual([]);
      await next.stop();
    } finally {
      rmSync(tempRoot, { recursive: true, force: true });
    }
  }, 120_000);
});
