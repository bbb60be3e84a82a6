import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobGroup } from '@voxlate/contract';
import { makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { form, startService, waitFor, type RunningService } from './test/service-process.js';

/**
 * Several target languages in one request (issue 29, item 3): one job per language as a group,
 * one place in the line, the first job listening for all (the others never recognise), each job
 * with its own result, subtitles and lines; a job of the group cancelled alone; the group's
 * progress and state; refusals.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-languages-'));
let service: RunningService;
let input = '';

beforeAll(async () => {
  input = await makeSpeechWav(dir, ['Welcome back to the channel.', 'Today we cook a simple dinner.']);
  // Three jobs per client in the jobs API: a group of three fills the share (a job a language).
  service = await startService({ VOXLATE_MAX_QUEUED_PER_CLIENT: '3' });
}, 60_000);
afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const api = (path: string, init?: RequestInit): Promise<Response> => fetch(`${service.url}/api${path}`, init);
const create = async (fields: Record<string, string>): Promise<Response> =>
  api('/jobs', { method: 'POST', body: await form(fields, { file: input }) });
const jobOf = async (id: string): Promise<Job> => (await (await api(`/jobs/${id}`)).json()) as Job;
const groupOf = async (id: string): Promise<JobGroup> => (await (await api(`/groups/${id}`)).json()) as JobGroup;

async function settled(id: string): Promise<Job> {
  await readJobEvents(`${service.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed', 'cancelled']), {
    ms: 240_000,
  });
  return jobOf(id);
}

describe('several target languages in one request', () => {
  it('makes a job per language that shares one listening, each with its own result, subtitles and lines', async () => {
    const created = await create({ target_languages: 'spa, fra,ita', voice: 'shaped' });
    expect(created.status).toBe(202);
    const first = (await created.json()) as Job;
    expect(first.target_language).toBe('spa');
    expect(first.group?.id).toBe(first.id);
    const members = first.group!.jobs;
    expect(members.map((job) => job.target_language)).toEqual(['spa', 'fra', 'ita']);
    expect(members[0]!.id).toBe(first.id);

    // The group is three of the client's three jobs: another language waits its turn (429).
    const another = await create({ target_language: 'deu' });
    expect(another.status).toBe(429);
    expect(((await another.json()) as { error: string }).error).toBe(
      'You already have 3 jobs running or waiting: wait for one to finish before starting another.',
    );
    const during = await groupOf(first.id);
    expect(['queued', 'running']).toContain(during.state);
    expect(during.progress).toBeLessThan(100);

    const jobs = await Promise.all(members.map((job) => settled(job.id)));
    expect(jobs.map((job) => job.state)).toEqual(['ready', 'ready', 'ready']);
    const group = await groupOf(first.id);
    expect(group).toMatchObject({ id: first.id, state: 'ready', progress: 100 });
    expect(group.jobs.map((job) => job.id)).toEqual(members.map((job) => job.id));

    // The first listened for all: recognition ran in it alone, and the others heard the same lines.
    expect(jobs[0]!.stage_seconds['recognise']).toBeGreaterThan(0);
    for (const job of jobs.slice(1)) expect(job.stage_seconds['recognise']).toBeUndefined();
    const sources = jobs.map((job) => job.segments!.map((line) => line.source_text));
    expect(sources[1]).toEqual(sources[0]);
    expect(sources[2]).toEqual(sources[0]);
    const targets = jobs.map((job) => job.segments!.map((line) => line.target_text).join(' '));
    expect(new Set(targets).size).toBe(3);

    for (const job of jobs) {
      const result = await api(`/jobs/${job.id}/result`);
      expect(result.status).toBe(200);
      expect((await result.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
      const subtitles = await api(`/jobs/${job.id}/subtitles/${job.target_language}.srt`);
      expect(subtitles.status).toBe(200);
      expect(await subtitles.text()).toContain(job.segments![0]!.target_text.split(' ')[0]);
    }
    // Each job keeps its own media and the analysis it went on from (linked, not the first's).
    const folder = (id: string): string => join(service.dataDir, 'jobs', id);
    for (const job of jobs.slice(1)) {
      const media = join(folder(job.id), 'input');
      expect(existsSync(media)).toBe(true);
    }

    // Once settled the place is free again.
    const after = await create({ target_language: 'deu', voice: 'neutral' });
    expect(after.status).toBe(202);
    expect((await settled(((await after.json()) as Job).id)).state).toBe('ready');

    // The first job removed, the others still re-render an edited line on their own.
    expect((await api(`/jobs/${first.id}`, { method: 'DELETE' })).status).toBe(204);
    const french = jobs[1]!;
    const edited = await api(`/jobs/${french.id}/segments/${french.segments![0]!.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ target_text: 'Bonjour à tous.' }),
    });
    expect(edited.status).toBe(200);
    expect((await api(`/jobs/${french.id}/render`, { method: 'POST' })).status).toBe(202);
    const rendered = await settled(french.id);
    expect(rendered.state).toBe('ready');
    expect(rendered.segments![0]!.target_text).toBe('Bonjour à tous.');
    expect((await groupOf(first.id)).jobs.map((job) => job.target_language)).toEqual(['fra', 'ita']);
    expect(statSync(join(folder(french.id), 'current.json')).size).toBeGreaterThan(0);
  });

  it('cancels languages of a group alone: a waiting one, and the one listening (the next listens instead)', async () => {
    const created = await create({ target_languages: 'spa,deu,ita', voice: 'neutral' });
    expect(created.status).toBe(202);
    const [first, second, last] = ((await created.json()) as Job).group!.jobs.map((job) => job.id) as [
      string,
      string,
      string,
    ];
    const cancel = async (id: string): Promise<Job> => {
      const answer = await api(`/jobs/${id}/cancel`, { method: 'POST' });
      expect(answer.status).toBe(200);
      return (await answer.json()) as Job;
    };
    // The last, while it waits for the first; then the first, while it runs.
    expect((await cancel(last)).state).toBe('cancelled');
    await readJobEvents(`${service.url}/api/jobs/${first}/events`, settledIn(['running']));
    expect((await cancel(first)).state).toBe('cancelled');
    const jobs = await Promise.all([first, second, last].map((id) => settled(id)));
    expect(jobs.map((job) => job.state)).toEqual(['cancelled', 'ready', 'cancelled']);
    // The first stopped before it had heard everything: the second listened itself.
    expect(jobs[1]!.stage_seconds['recognise']).toBeGreaterThan(0);
    expect(await groupOf(first)).toMatchObject({ state: 'ready', progress: 100 });
    await waitFor(async () => (await create({ target_language: 'fra' })).status === 202);
  });

  it('refuses a list it cannot take, before any work', async () => {
    const refusal = async (fields: Record<string, string>): Promise<string> => {
      const response = await create(fields);
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: string }).error;
    };
    expect(await refusal({ target_languages: 'spa,spa' })).toBe('target_languages names spa twice.');
    // Four languages are four jobs, past the share of three (one client could otherwise queue
    // eleven times its share).
    const tooMany = await create({ target_languages: 'spa,fra,ita,deu' });
    expect(tooMany.status).toBe(429);
    expect(((await tooMany.json()) as { error: string }).error).toBe(
      'A dub into 4 languages is 4 jobs, more than the 3 one client may have running or waiting: ask for fewer ' +
        'languages at once.',
    );
    // An unknown code: the schema's pattern names the known ones (a client sees it in the document).
    expect(await refusal({ target_languages: 'spa,xyz' })).toMatch(
      /^target_languages must be language codes.*"spa,xyz"/,
    );
    expect(await refusal({ target_languages: 'spa;fra' })).toMatch(/^target_languages must be language codes/);
    expect(await refusal({ target_language: 'spa', target_languages: 'fra,ita' })).toBe(
      'Send target_language or target_languages, not both.',
    );
    expect(await refusal({})).toBe('Please select a target language');
    const spec = await fetch(`${service.url}/translate`, {
      method: 'POST',
      body: await form({ target_language: 'spa', target_languages: 'spa,fra' }, { file: input }),
    });
    expect(spec.status).toBe(400);
    expect(((await spec.json()) as { error: string }).error).toMatch(/^This endpoint dubs into one language/);
    expect((await api('/groups/nothing-here')).status).toBe(404);
  });
});
