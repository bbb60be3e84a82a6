import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { startRedis, startWorker, type RunningRedis, type RunningWorker } from './test/redis-process.js';
import { form, startService, type RunningService } from './test/service-process.js';

/**
 * Two services on one data folder and one Redis (issue 27): edits of one job's lines sent half
 * through each at once are serialised by the job's lock in the shared store, so none is lost; an
 * edit made against a line's old revision is refused with 409 and the line's current revision;
 * and the render speaks every line as it was last accepted.
 */
const LINES = 56;
const dir = mkdtempSync(join(tmpdir(), 'voxlate-shared-edits-'));
const dataDir = mkdtempSync(join(tmpdir(), 'voxlate-shared-edits-data-'));
let redis: RunningRedis;
const services: RunningService[] = [];
let worker: RunningWorker;
let input = '';

interface Line {
  id: number;
  source_text: string;
  target_text: string;
  revision: number;
  stale: boolean;
}
interface JobAnswer {
  id: string;
  state: string;
  revision: number;
  segments?: Line[];
}

beforeAll(async () => {
  const sentences = Array.from({ length: 26 }, (_, i) => `This is sentence number ${i + 1} of the shared test.`);
  input = await makeSpeechWav(dir, sentences, 'speech.wav', { pauseSeconds: 0.4 });
  redis = await startRedis();
  const env = { VOXLATE_REDIS_URL: redis.url };
  services.push(await startService(env, { dataDir }), await startService(env, { dataDir }));
  worker = await startWorker({ ...env, VOXLATE_DATA_DIR: dataDir });
}, 120_000);
afterAll(async () => {
  await worker?.stop();
  for (const service of services) await service.stop();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** An SRT of `count` one-second lines from 1 s on (the lines of the job, recognition skipped). */
function subtitlesOf(count: number): string {
  const time = (seconds: number): string => `00:00:${String(seconds).padStart(2, '0')},000`;
  return Array.from({ length: count }, (_, i) => `${i + 1}\n${time(i + 1)} --> ${time(i + 2)}\nLine ${i + 1}.\n`).join(
    '\n',
  );
}

async function jobAt(service: RunningService, id: string): Promise<JobAnswer> {
  return (await (await fetch(`${service.url}/api/jobs/${id}`)).json()) as JobAnswer;
}

async function patchLine(
  service: RunningService,
  id: string,
  line: number,
  body: Record<string, unknown>,
): Promise<{ status: number; body: { revision?: number; error?: string } }> {
  // As a client does: a 503 "being changed by another request" (the job's lock not had in time,
  // which under load 70 edits at once can take) is tried again after its Retry-After.
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${service.url}/api/jobs/${id}/segments/${line}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { revision?: number; error?: string };
    if (response.status !== 503 || attempt === 5) return { status: response.status, body: answer };
    const seconds = Number(response.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
}

describe('edits through two services sharing one job store', () => {
  it('keeps every accepted edit, refuses stale ones with 409, and renders every line as last accepted', async () => {
    const [first, second] = services as [RunningService, RunningService];
    const created = await fetch(`${first.url}/api/jobs`, {
      method: 'POST',
      body: await form(
        { source_language: 'eng', target_language: 'spa', subtitles: subtitlesOf(LINES) },
        { file: input },
      ),
    });
    const { id, error } = (await created.json()) as JobAnswer & { error?: string };
    expect({ status: created.status, error }).toEqual({ status: 202, error: undefined });
    await readJobEvents(`${first.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), { ms: 300_000 });
    const ready = await jobAt(second, id);
    expect(ready.state).toBe('ready');
    expect(ready.segments!.length).toBeGreaterThanOrEqual(51);
    const [contested, ...others] = ready.segments!;
    const different = others.slice(0, 50);

    // 50 edits of different lines and 20 of one line, all at once, alternating between the services.
    const edits = [
      ...different.map((line, i) => ({ line: line.id, text: `Texto editado ${line.id}.`, service: i % 2 })),
      ...Array.from({ length: 20 }, (_, i) => ({
        line: contested!.id,
        text: `Versión ${i} de la línea.`,
        service: i % 2,
      })),
    ];
    const answers = await Promise.all(
      edits.map((edit) =>
        patchLine(services[edit.service]!, id, edit.line, { target_text: edit.text, revision: 0 }).then((answer) => ({
          ...edit,
          ...answer,
        })),
      ),
    );
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 409)).toEqual([]);
    const accepted = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 409);
    // Each different line is edited once from its first revision: all 50 go in. Of the 20 edits of
    // one line made against the same revision, exactly one does.
    expect(accepted.filter((answer) => answer.line !== contested!.id)).toHaveLength(50);
    const winner = accepted.filter((answer) => answer.line === contested!.id);
    expect(winner).toHaveLength(1);
    expect(refused).toHaveLength(19);

    const edited = await jobAt(first, id);
    const textOf = new Map(edited.segments!.map((line) => [line.id, line]));
    for (const answer of accepted) expect(textOf.get(answer.line)!.target_text).toBe(answer.text);
    expect(edited.revision).toBe(51);
    // A refusal names the line's revision now, and an edit made against it goes in.
    const current = textOf.get(contested!.id)!.revision;
    for (const answer of refused) {
      expect(answer.body.revision).toBe(current);
      expect(answer.body.error).toMatch(/changed since revision 0/);
    }
    const retry = await patchLine(second, id, contested!.id, { target_text: 'Versión final.', revision: current });
    expect(retry.status).toBe(200);

    // The translation memory, written by both services at once, holds every accepted line, and
    // each service lists them all (a reading cached across another service's write missed some).
    const sourceOf = (line: number): string => textOf.get(line)!.source_text;
    const remembered = new Map([
      ...accepted
        .filter((answer) => answer.line !== contested!.id)
        .map((answer) => [sourceOf(answer.line), answer.text] as const),
      [sourceOf(contested!.id), 'Versión final.'] as const,
    ]);
    for (const service of services) {
      const memory = (await (await fetch(`${service.url}/api/memory?size=100`)).json()) as {
        entries: { source: string; target: string }[];
        total: number;
      };
      expect(memory.total).toBe(remembered.size);
      expect(new Map(memory.entries.map((entry) => [entry.source, entry.target]))).toEqual(remembered);
    }

    const render = await fetch(`${second.url}/api/jobs/${id}/render`, { method: 'POST' });
    expect(render.status).toBe(202);
    await readJobEvents(`${first.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), { ms: 300_000 });
    const rendered = await jobAt(first, id);
    expect(rendered.state).toBe('ready');
    expect(rendered.segments!.filter((line) => line.stale)).toEqual([]);
    const expected = new Map([
      ...accepted
        .filter((answer) => answer.line !== contested!.id)
        .map((answer) => [answer.line, answer.text] as const),
      [contested!.id, 'Versión final.'] as const,
    ]);
    const subtitles = await (await fetch(`${first.url}/api/jobs/${id}/subtitles/spa.srt`)).text();
    for (const [line, text] of expected) {
      expect(rendered.segments!.find((segment) => segment.id === line)!.target_text).toBe(text);
      expect(subtitles).toContain(text);
    }
  }, 600_000);
});

describe('a glossary changed through two services at once', () => {
  it('keeps one change, refuses the other with 409 (not written over), and keeps both once it is made again', async () => {
    const [first, second] = services as [RunningService, RunningService];
    const put = (service: RunningService, path: string, method: string, body: unknown): Promise<Response> =>
      fetch(`${service.url}/api${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    type Glossary = { id: string; updated_at: string; terms: { source: string }[] };
    const made = (await (
      await put(first, '/glossaries', 'POST', { name: 'Shared', csv: 'eng,spa\nchannel,canal\n' })
    ).json()) as Glossary;
    const answers = await Promise.all([
      put(first, `/glossaries/${made.id}`, 'PUT', {
        name: 'Shared',
        csv: 'eng,spa\nchannel,canal\noven,horno\n',
        updated_at: made.updated_at,
      }),
      put(second, `/glossaries/${made.id}`, 'PUT', {
        name: 'Shared',
        csv: 'eng,spa\nchannel,canal\npan,sartén\n',
        updated_at: made.updated_at,
      }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    // The refused change is made again from what is there now, through the other service.
    const now = (await (await fetch(`${second.url}/api/glossaries/${made.id}`)).json()) as Glossary;
    const [source, spa] = now.terms.some((term) => term.source === 'oven') ? ['pan', 'sartén'] : ['oven', 'horno'];
    const again = await put(second, `/glossaries/${made.id}`, 'PUT', {
      name: 'Shared',
      source_language: 'eng',
      terms: [...now.terms, { source, targets: { spa } }],
      updated_at: now.updated_at,
    });
    expect(again.status).toBe(200);
    const kept = (await (await fetch(`${first.url}/api/glossaries/${made.id}`)).json()) as Glossary;
    expect(kept.terms.map((term) => term.source).sort()).toEqual(['channel', 'oven', 'pan']);
  }, 60_000);
});
