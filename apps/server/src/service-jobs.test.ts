import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@voxlate/contract';
import { decodedSamples, largestDifferences, makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { form, startService, type RunningService } from './test/service-process.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-jobs-api-test-'));
let service: RunningService;
let speech = '';

beforeAll(async () => {
  speech = await makeSpeechWav(
    dir,
    ['Welcome back to the channel.', 'Today we cook a simple dinner.', 'First we cut the onions.'],
    'cooking talk.wav',
  );
  service = await startService({ VOXLATE_HEARTBEAT_MS: '200' });
});
afterAll(async () => {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A job as the jobs API answers it (the contract's declaration). */
type JobBody = Job;

const api = (path: string, init?: RequestInit): Promise<Response> => fetch(`${service.url}/api/jobs${path}`, init);
const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

async function submit(fields: Record<string, string> = {}): Promise<JobBody> {
  const response = await api('', {
    method: 'POST',
    body: await form({ target_language: 'spa', ...fields }, { file: speech }),
  });
  expect(response.status).toBe(202);
  return json<JobBody>(response);
}

async function finished(id: string): Promise<JobBody> {
  await readJobEvents(`${service.url}/api/jobs/${id}/events`, settledIn(['ready', 'stale', 'failed', 'cancelled']));
  return json<JobBody>(await api(`/${id}`));
}

/** A downloaded file's audio, as decodedSamples reads it (48 kHz mono). */
function samples(bytes: ArrayBuffer): Float32Array {
  const path = join(dir, `decode-${Math.random().toString(36).slice(2)}.wav`);
  writeFileSync(path, Buffer.from(bytes));
  const decoded = decodedSamples(path);
  rmSync(path);
  return decoded;
}

describe('the jobs API', () => {
  let job: JobBody;
  let firstResult: ArrayBuffer;

  it('accepts a job at once (202), runs it, and lists its lines', async () => {
    job = await submit();
    expect(job.state).toBe('queued');
    expect(job.id).toMatch(/^[0-9a-z]{8,10}-[0-9a-f]{12}$/);
    const done = await finished(job.id);
    expect(done.state).toBe('ready');
    expect(done.progress).toBe(100);
    expect(done.segments!.length).toBeGreaterThanOrEqual(2);
    expect(done.segments![0]!.target_text).not.toBe('');
    // Every line says what to check (an empty list when nothing); unsure words come with times and confidence.
    for (const segment of done.segments!) expect(Array.isArray(segment.review)).toBe(true);
    for (const word of done.segments!.flatMap((s) => s.review.flatMap((flag) => flag.words ?? []))) {
      expect(word.end).toBeGreaterThanOrEqual(word.start);
    }
    expect(done.engines_used).toEqual(
      expect.arrayContaining([
        { task: 'recognition', engine: 'pocketsphinx', quality: 'offline' },
        { task: 'translation', engine: 'apertium', quality: 'full' },
        { task: 'synthesis', engine: 'svox-pico', quality: 'offline' },
      ]),
    );
  }, 120_000);

  it('streams the result and subtitles with Range support, named after the input', async () => {
    const whole = await api(`/${job.id}/result`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-disposition')).toContain('filename="cooking talk.spa.wav"');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    firstResult = await whole.arrayBuffer();
    const part = await api(`/${job.id}/result`, { headers: { Range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).toString()).toBe('RIFF');
    const vtt = await api(`/${job.id}/subtitles/spa.vtt`);
    expect((await vtt.text()).startsWith('WEBVTT')).toBe(true);
    // Both languages in one file, whether or not the track is bilingual (the download menu offers it).
    expect(job.bilingual_subtitles).toBe(false);
    const both = await api(`/${job.id}/subtitles/spa-eng.srt`);
    expect(both.headers.get('content-disposition')).toContain('filename="cooking talk.spa-eng.srt"');
    expect((await both.text()).split('\n\n')[0]!.split('\n')).toHaveLength(4);
    expect((await api(`/${job.id}/subtitles/spa-fra.srt`)).status).toBe(404);
    const report = await json<{ timeline: { segments: unknown[] } }>(await api(`/${job.id}/report`));
    expect(report.timeline.segments.length).toBeGreaterThan(0);
  });

  it('edits a line (stale, old result still served) and re-dubs it alone', async () => {
    const patched = await api(`/${job.id}/segments/0`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ target_text: 'Hola amigos, bienvenidos de nuevo a nuestra cocina.' }),
    });
    expect(patched.status).toBe(200);
    const stale = await json<JobBody>(patched);
    expect(stale).toMatchObject({ state: 'stale', revision: 1, edited_lines: [0] });
    expect((await api(`/${job.id}/result`)).status).toBe(200);
    const render = await api(`/${job.id}/render`, { method: 'POST' });
    expect(render.status).toBe(202);
    const done = await finished(job.id);
    expect(done).toMatchObject({ state: 'ready', edited_lines: [] });
    expect(done.segments![0]!.target_text).toBe('Hola amigos, bienvenidos de nuevo a nuestra cocina.');
    const before = samples(firstResult);
    const after = samples(await (await api(`/${job.id}/result`)).arrayBuffer());
    const rate = 48000;
    const changedUntil = Math.ceil((done.segments![0]!.dubbed!.end + 0.3) * rate);
    const { inside, outside } = largestDifferences(before, after, (i) => i < changedUntil);
    expect(inside).toBeGreaterThan(0.05);
    expect(outside).toBeLessThan(1e-3);
  }, 120_000);

  it('marks a line checked without making the job stale, and unmarks it', async () => {
    const mark = (checked: unknown) =>
      api(`/${job.id}/segments/0`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ checked }),
      });
    const checked = await json<JobBody>(await mark(true));
    expect(checked.state).toBe('ready');
    expect(checked.edited_lines).toEqual([]);
    expect(checked.segments![0]!.checked).toBe(true);
    expect((await json<JobBody>(await api(`/${job.id}`))).segments![0]!.checked).toBe(true);
    expect((await json<JobBody>(await mark(false))).segments![0]!.checked).toBe(false);
    const refused = await mark('yes');
    expect(refused.status).toBe(400);
    expect((await json<{ error: string }>(refused)).error).toMatch(/"checked" must be true or false/);
  });

  it('refuses what it cannot do, in the same {error} shape', async () => {
    const cases: [string, RequestInit | undefined, number, RegExp][] = [
      ['/0000000000-000000000000', undefined, 404, /no job/],
      ['/..%2F..%2Fetc', undefined, 404, /no job/],
      [`/${job.id}/segments/999`, patch({ target_text: 'x' }), 404, /no line 999/],
      [`/${job.id}/segments/0`, patch({ target_txt: 'x' }), 400, /target_txt/],
      [`/${job.id}/segments/0`, patch({ target_text: 5 }), 400, /target_text/],
      [`/${job.id}/segments/0`, patch({}), 400, /source_text/],
      [`/${job.id}/render`, { method: 'POST' }, 409, /Nothing to re-dub/],
      ['?size=0', undefined, 400, /size/],
      [`/${job.id}/result?revision=999`, undefined, 409, /result is revision \d+ now, not 999/],
      [`/${job.id}/subtitles/spa.vtt?revision=999`, undefined, 409, /result is revision \d+ now/],
      [`/${job.id}/result?revision=last`, undefined, 400, /"revision" must be a whole number/],
    ];
    for (const [path, init, status, message] of cases) {
      const response = await api(path, init);
      expect({ path, status: response.status }).toEqual({ path, status });
      expect((await json<{ error: string }>(response)).error).toMatch(message);
    }
    const noFile = await api('', { method: 'POST', body: await form({ target_language: 'spa' }) });
    expect(noFile.status).toBe(400);
    expect((await json<{ error: string }>(noFile)).error).toMatch(/"file" or a "url"/);
    // Both is refused too: the link was dropped unsaid before.
    const both = await api('', {
      method: 'POST',
      body: await form({ target_language: 'spa', url: 'http://127.0.0.1:9/talk.wav' }, { file: speech }),
    });
    expect(both.status).toBe(400);
    expect((await json<{ error: string }>(both)).error).toBe('Send a "file" or a "url", not both.');
  });

  it('refuses an edit while the job runs (409), and cancels it', async () => {
    const running = await submit();
    await readJobEvents(`${service.url}/api/jobs/${running.id}/events`, (event) => event.event === 'progress');
    const edit = await api(`/${running.id}/segments/0`, patch({ target_text: 'x' }));
    expect([409, 200]).toContain(edit.status);
    const cancelled = await json<JobBody>(await api(`/${running.id}/cancel`, { method: 'POST' }));
    expect(['cancelled', 'ready']).toContain(cancelled.state);
  }, 120_000);

  it('resumes an event stream from Last-Event-ID with exactly what was missed', async () => {
    const next = await submit();
    const first = await readJobEvents(
      `${service.url}/api/jobs/${next.id}/events`,
      (event) => event.event === 'progress',
    );
    const seen = first.at(-1)!;
    const rest = await readJobEvents(`${service.url}/api/jobs/${next.id}/events`, settledIn(['ready']), {
      lastEventId: seen.id,
    });
    expect(rest.some((event) => event.event === 'snapshot')).toBe(false);
    const numbers = rest.map((event) => Number(event.id.split('-')[1]));
    expect(numbers[0]).toBe(Number(seen.id.split('-')[1]) + 1);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    // An id from another run of the service gets a snapshot first.
    const other = await readJobEvents(`${service.url}/api/jobs/${next.id}/events`, () => true, { lastEventId: 'zz-3' });
    expect(other[0]).toMatchObject({ event: 'snapshot', data: { state: 'ready' } });
  }, 120_000);

  it('lists jobs newest first, and DELETE removes one and its files', async () => {
    const list = await json<{ jobs: JobBody[]; total: number }>(await api('?page=0&size=2'));
    expect(list.jobs).toHaveLength(2);
    expect(list.total).toBeGreaterThanOrEqual(3);
    expect(list.jobs[0]!.id > list.jobs[1]!.id).toBe(true);
    expect((await api(`/${job.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/${job.id}`)).status).toBe(404);
    expect((await api(`/${job.id}/result`)).status).toBe(404);
  });

  it('describes every jobs route in the OpenAPI document it serves', async () => {
    const document = (await (await fetch(`${service.url}/api/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const routes = [
      ['/api/jobs', 'post'],
      ['/api/jobs', 'get'],
      ['/api/jobs/{id}', 'get'],
      ['/api/jobs/{id}', 'delete'],
      ['/api/jobs/{id}/events', 'get'],
      ['/api/jobs/{id}/result', 'get'],
      ['/api/jobs/{id}/subtitles/{file}', 'get'],
      ['/api/jobs/{id}/report', 'get'],
      ['/api/jobs/{id}/source', 'get'],
      ['/api/jobs/{id}/segments/{segmentId}', 'patch'],
      ['/api/jobs/{id}/render', 'post'],
      ['/api/jobs/{id}/cancel', 'post'],
    ] as const;
    for (const [path, method] of routes)
      expect({ path, method, described: method in (document.paths[path] ?? {}) }).toMatchObject({ described: true });
  });

  it('keeps the tempo cap the creator chose: no line is sped up past it', async () => {
    const fast = await makeSpeechWav(
      dir,
      [
        'Welcome back everybody, today we are testing a brand new camera.',
        'It records in four kay at sixty frames every second.',
        'The battery lasts about three hours when you film outside.',
        'Let me know in the comments what you would like to see next.',
      ],
      'fast talk.wav',
      { rate: 1.7, pauseSeconds: 0.55 },
    );
    type Fitted = { state: string; segments: { fit: { tempo: number } }[] };
    const create = async (tempoCap: string): Promise<Fitted> => {
      const response = await api('', {
        method: 'POST',
        // eSpeak NG's Japanese is the voice these lines overrun their slots in (Open JTalk's is shorter).
        body: await form({ target_language: 'jpn', tempo_cap: tempoCap, tts_engine: 'espeak-ng' }, { file: fast }),
      });
      expect(response.status).toBe(202);
      const { id } = await json<JobBody>(response);
      return (await finished(id)) as unknown as Fitted;
    };
    const capped = await create('1');
    expect(capped.state).toBe('ready');
    expect(Math.max(...capped.segments.map((segment) => segment.fit.tempo))).toBe(1);
    const free = await create('2');
    // The same lines need speeding up: the cap is what held them back.
    expect(Math.max(...free.segments.map((segment) => segment.fit.tempo))).toBeGreaterThan(1.05);
  });

  it('accepts 20 jobs from one client at once (queued, not refused) and completes them all', async () => {
    const short = await makeSpeechWav(dir, ['Welcome back to the channel.'], 'short.wav');
    // Spanish: the queue is the point, and SVOX Pico speaks a line in a fifth of Festival's Italian time.
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () =>
        api('', { method: 'POST', body: await form({ target_language: 'spa' }, { file: short }) }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(20).fill(202));
    const ids = await Promise.all(answers.map(async (answer) => (await json<JobBody>(answer)).id));
    expect(new Set(ids).size).toBe(20);
    for (const id of ids) expect((await finished(id)).state).toBe('ready');
  }, 300_000);

  it('gives the spec endpoints a job id the editor can open', async () => {
    const response = await fetch(`${service.url}/translate`, {
      method: 'POST',
      body: await form({ target_language: 'fra', backend: 'cascaded' }, { file: speech }),
    });
    const body = await json<{ job_id: string; voice_mode: string }>(response);
    const opened = await json<JobBody>(await api(`/${body.job_id}`));
    expect(opened.state).toBe('ready');
    expect(opened.segments!.length).toBeGreaterThan(0);
    // Preserve Voice asked a clone; nothing clones French here, so the voices were shaped, and each line says so.
    expect(body.voice_mode).toBe('shaped');
    expect(opened).toMatchObject({ voice: 'clone', voice_mode: 'shaped' });
    expect(opened.segments!.every((line) => line.voice?.mode === 'shaped')).toBe(true);
  }, 120_000);
});

function patch(body: unknown): RequestInit {
  return { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}
