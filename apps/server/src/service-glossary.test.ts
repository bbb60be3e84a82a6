import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlossaryAnswer, Job } from '@voxlate/contract';
import { makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { form, startService, type RunningService } from './test/service-process.js';

/**
 * Glossaries through the API (issue 29, item 1): made from CSV, named by id with a dub, their
 * terms in the dub's lines; read, replaced, exported and removed; bad ones refused with the row.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-glossary-'));
let service: RunningService;
let speech = '';

beforeAll(async () => {
  speech = await makeSpeechWav(dir, ['Welcome back to the Voxlate channel.', 'Today we cook a simple dinner.']);
  service = await startService();
}, 60_000);
afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const CSV = 'eng,keep,spa,fra\nchannel,,canal de vídeo,chaîne vidéo\ndinner,,cena rica,dîner\nVoxlate,yes,,\n';
const SRT =
  '1\n00:00:00,800 --> 00:00:03,000\nWelcome back to the Voxlate channel.\n\n' +
  '2\n00:00:04,000 --> 00:00:06,500\nToday we cook a simple dinner.\n';

const api = (path: string, init?: RequestInit): Promise<Response> => fetch(`${service.url}/api${path}`, init);
const send = (method: string, path: string, body: unknown): Promise<Response> =>
  api(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('glossaries', () => {
  let glossary: GlossaryAnswer;

  it('is made from CSV and puts its terms in a dub', async () => {
    const created = await send('POST', '/glossaries', { name: 'Cooking channel', csv: CSV });
    expect(created.status).toBe(201);
    glossary = (await created.json()) as GlossaryAnswer;
    expect(glossary).toMatchObject({ name: 'Cooking channel', source_language: 'eng' });
    expect(glossary.terms).toEqual([
      { source: 'channel', targets: { spa: 'canal de vídeo', fra: 'chaîne vidéo' } },
      { source: 'dinner', targets: { spa: 'cena rica', fra: 'dîner' } },
      { source: 'Voxlate', keep: true, targets: {} },
    ]);
    const job = await api('/jobs', {
      method: 'POST',
      body: await form(
        { target_language: 'spa', source_language: 'eng', subtitles: SRT, glossary_id: glossary.id },
        { file: speech },
      ),
    });
    expect(job.status).toBe(202);
    const { id } = (await job.json()) as Job;
    await readJobEvents(`${service.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), { ms: 120_000 });
    const done = (await (await api(`/jobs/${id}`)).json()) as Job;
    expect(done.glossary).toEqual({ id: glossary.id, name: 'Cooking channel' });
    const [welcome, dinner] = done.segments!.map((segment) => segment.target_text);
    expect(welcome).toContain('canal de vídeo');
    expect(welcome).toContain('Voxlate');
    expect(dinner).toContain('cena rica');
    expect(done.segments!.flatMap((segment) => segment.review).filter((flag) => flag.reason === 'glossary')).toEqual(
      [],
    );
  }, 180_000);

  it('refuses an unknown glossary and a glossary it cannot read, saying where', async () => {
    const unknown = await api('/jobs', {
      method: 'POST',
      body: await form({ target_language: 'spa', glossary_id: '0123456789abcdef' }, { file: speech }),
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toMatch(/^Unknown glossary_id "0123456789abcdef"/);
    const noLanguage = await send('POST', '/glossaries', { name: 'x', csv: 'term,spa\nchannel,canal\n' });
    expect(((await noLanguage.json()) as { error: string }).error).toMatch(
      /first column must be named by its source language/,
    );
    const noTarget = await send('POST', '/glossaries', { name: 'x', csv: 'eng,spa\nchannel,\n' });
    expect(noTarget.status).toBe(400);
    expect(((await noTarget.json()) as { error: string }).error).toBe(
      'Glossary row 2 ("channel") has neither a translation nor "keep": give one or the other.',
    );
    expect((await send('POST', '/glossaries', { csv: CSV })).status).toBe(400);
    // Both ways at once: refused, as the published schema says (nothing sent is ignored).
    const both = await send('POST', '/glossaries', {
      name: 'x',
      csv: CSV,
      source_language: 'eng',
      terms: [{ source: 'channel', targets: { spa: 'canal' } }],
    });
    expect(both.status).toBe(400);
    expect(((await both.json()) as { error: string }).error).toBe(
      'Give the terms as "csv", or as "terms" with their "source_language": one of the two, not both.',
    );
  });

  it('is listed, replaced, exported as the CSV it was made from, and removed', async () => {
    const listed = (await (await api('/glossaries')).json()) as { glossaries: GlossaryAnswer[] };
    expect(listed.glossaries.map((one) => one.id)).toEqual([glossary.id]);
    const replaced = await send('PUT', `/glossaries/${glossary.id}`, {
      name: 'Kitchen',
      source_language: 'eng',
      terms: [{ source: 'oven', targets: { spa: 'horno' } }],
    });
    const kitchen = (await replaced.json()) as GlossaryAnswer;
    expect(kitchen.terms).toEqual([{ source: 'oven', targets: { spa: 'horno' } }]);
    // A change made from the version before that one is refused, not written over it.
    const stale = await send('PUT', `/glossaries/${glossary.id}`, {
      name: 'Cooking channel',
      csv: CSV,
      updated_at: glossary.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: string }).error).toBe(
      `The glossary "Kitchen" was saved by someone else at ${kitchen.updated_at}, after the version this change ` +
        'was made from: open it again to see their change, then make yours.',
    );
    const fresh = await send('PUT', `/glossaries/${glossary.id}`, {
      name: 'Cooking channel',
      csv: CSV,
      updated_at: kitchen.updated_at,
    });
    expect(fresh.status).toBe(200);
    const exported = await api(`/glossaries/${glossary.id}/export.csv`);
    expect(exported.headers.get('content-disposition')).toContain('Cooking channel.csv');
    expect(await exported.text()).toBe(
      'eng,keep,fra,spa\nchannel,,chaîne vidéo,canal de vídeo\ndinner,,dîner,cena rica\nVoxlate,yes,,\n',
    );
    expect((await api(`/glossaries/${glossary.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/glossaries/${glossary.id}`)).status).toBe(404);
  });

  it('says a word as its say_as column says, in a preview, before any dub', async () => {
    const created = await send('POST', '/glossaries', {
      name: 'Tech words',
      csv: 'spa,keep,say:eng\nSQL,yes,sequel\n',
    });
    expect(created.status).toBe(201);
    const { id, terms } = (await created.json()) as GlossaryAnswer;
    expect(terms).toEqual([{ source: 'SQL', keep: true, targets: {}, say_as: { eng: 'sequel' } }]);
    const preview = (query: string): Promise<Response> => api(`/speech-preview?${query}`);
    const said = await preview(`language=eng&text=${encodeURIComponent('We use SQL')}&glossary_id=${id}`);
    expect(said.status).toBe(200);
    expect(said.headers.get('content-type')).toBe('audio/wav');
    expect(decodeURIComponent(said.headers.get('x-voxlate-said')!)).toBe('We use sequel');
    const wav = Buffer.from(await said.arrayBuffer());
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.length).toBeGreaterThan(8000);
    const plain = await preview('language=eng&text=SQL');
    expect(decodeURIComponent(plain.headers.get('x-voxlate-said')!)).toBe('SQL');
    const noVoice = await preview('language=eng&text=SQL&voice=nobody');
    expect(noVoice.status).toBe(400);
    expect(((await noVoice.json()) as { error: string }).error).toMatch(/^There is no voice "nobody" for eng here/);
    const noGlossary = await preview('language=eng&text=SQL&glossary_id=0123456789abcdef');
    expect(noGlossary.status).toBe(400);
    // A term given a say-as for a language it has no form in is refused, not ignored.
    const pointless = await send('POST', '/glossaries', {
      name: 'x',
      source_language: 'eng',
      terms: [{ source: 'channel', targets: { spa: 'canal' }, say_as: { fra: 'chaine' } }],
    });
    expect(pointless.status).toBe(400);
    expect(((await pointless.json()) as { error: string }).error).toMatch(/^Glossary term 1 \("channel"\) says how/);
  }, 60_000);
});
