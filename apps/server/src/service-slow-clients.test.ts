import { connect, type Socket } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpeg, makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { startService, waitFor, type RunningService } from './test/service-process.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-slow-clients-test-'));
let service: RunningService;
let longWav = '';

beforeAll(async () => {
  // Two minutes at 48 kHz stereo with one spoken line: a 23 MB WAV answer, 31 MB as base64.
  const speech = await makeSpeechWav(dir, ['Welcome back to the channel.']);
  longWav = join(dir, 'long.wav');
  ffmpeg`-i ${speech} -af apad=whole_dur=120 -ar 48000 -ac 2 ${longWav}`;
  // A body idle for 3 s is a stall. It was 1 s, and under a full suite's load (load average 10
  // on two cores) the warm-up's own honest upload once paused that long and was refused with 408.
  service = await startService({ VOXLATE_BODY_IDLE_MS: '3000', VOXLATE_WRITE_TIMEOUT_MS: '3000' });
});
afterAll(async () => {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A raw connection that sends `head` and then whatever `body` gives, reading the answer into `answer`. */
function rawRequest(head: string, body: Buffer): { socket: Socket; answer: () => string; closed: Promise<void> } {
  const { port } = new URL(service.url);
  const socket = connect(Number(port), '127.0.0.1');
  let answer = '';
  socket.setEncoding('latin1').on('data', (chunk: string) => (answer += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(head);
  socket.write(body);
  return { socket, answer: () => answer, closed };
}

function multipartHead(path: string, boundary: string, length: number): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
    `Content-Length: ${length}\r\n\r\n`
  );
}

describe('slow clients', () => {
  it('refuses an upload that stalls half-way with 408 and a JSON error, and removes its folder', async () => {
    const boundary = 'stall';
    const part = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\n${'x'.repeat(5000)}`,
    );
    const request = rawRequest(multipartHead('/translate', boundary, 1_000_000), part);
    await request.closed;
    expect(request.answer()).toMatch(/^HTTP\/1\.1 408/);
    expect(request.answer()).toMatch(/"error":"The upload stalled: no data arrived for 3 s\."/);
    await waitFor(() => readdirSync(service.tempRoot).length === 0);
  });

  it('refuses a JSON body that stalls with 408', async () => {
    const head =
      'POST /process-audio-url HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    const request = rawRequest(head, Buffer.from('{"url": "http://exa'));
    await request.closed;
    expect(request.answer()).toMatch(/^HTTP\/1\.1 408/);
    expect(request.answer()).toMatch(/The upload stalled/);
  });

  it('holds memory bounded for clients that never read a large answer, and drops them after the write timeout', async () => {
    // Warm the engines first, so the figure below is the answers' memory, not the first job's.
    const warm = await fetch(`${service.url}/translate`, { method: 'POST', body: await longForm() });
    expect(warm.status).toBe(200);
    await warm.arrayBuffer();
    const before = service.rss();
    const body = Buffer.from(await new Response(await longForm()).arrayBuffer());
    const contentType = `multipart/form-data; boundary=${boundaryOf(body)}`;
    const head = `POST /translate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`;
    const stalled = [0, 1, 2].map(() => rawRequest(head, body));
    for (const request of stalled) request.socket.pause();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, service.rss())), 100);
    // A request folder lives until its answer is written or abandoned: all gone means the three
    // answers were given up on after the write timeout (a paused client cannot notice that).
    // Not "no job running": that is also true before the three uploads have become jobs.
    await waitFor(() => readdirSync(service.tempRoot).length === 3, 10_000);
    await waitFor(() => readdirSync(service.tempRoot).length === 0, 150_000);
    clearInterval(sampler);
    // Before: each stalled client held its whole answer (the base64 string and its buffer).
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
    for (const request of stalled) request.socket.resume();
    await Promise.all(stalled.map((request) => request.closed));
    const fullLength = Math.ceil((120 * 48000 * 4) / 3) * 4;
    for (const request of stalled) {
      expect(request.answer()).toMatch(/^HTTP\/1\.1 200/);
      expect(request.answer().length).toBeLessThan(fullLength);
    }
  }, 200_000);
});

async function longForm(): Promise<FormData> {
  const data = new FormData();
  data.append('target_language', 'spa');
  data.append('source_language', 'eng');
  data.append('file', new Blob([readFileSync(longWav)]), 'long.wav');
  return Promise.resolve(data);
}

function boundaryOf(body: Buffer): string {
  return body.subarray(2, body.indexOf('\r\n')).toString('latin1');
}
