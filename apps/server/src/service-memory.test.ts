import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, MemoryList } from '@voxlate/contract';
import { makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { form, startService, type RunningService } from './test/service-process.js';

/**
 * The translation memory (issue 29, item 7): a line a creator corrects in one project is
 * translated the same way in the next (the same line after case and punctuation), an alike line
 * gets the correction as a suggestion, and the memory can be listed, searched, exported as TMX
 * and cleared.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-memory-'));
let service: RunningService;
let speech = '';

beforeAll(async () => {
  speech = await makeSpeechWav(dir, ['Welcome back to the channel.', 'Today we cook a simple dinner.']);
  service = await startService();
}, 60_000);
afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const srt = (first: string, second: string): string =>
  `1\n00:00:00,800 --> 00:00:02,600\n${first}\n\n2\n00:00:03,600 --> 00:00:06,000\n${second}\n`;

async function dub(subtitles: string): Promise<Job> {
  const response = await fetch(`${service.url}/api/jobs`, {
    method: 'POST',
    body: await form({ target_language: 'spa', source_language: 'eng', subtitles }, { file: speech }),
  });
  const created = (await response.json()) as Job & { error?: string };
  expect({ status: response.status, error: created.error }).toEqual({ status: 202, error: undefined });
  const { id } = created;
  await readJobEvents(`${service.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), { ms: 120_000 });
  return (await (await fetch(`${service.url}/api/jobs/${id}`)).json()) as Job;
}

const memory = async (query = ''): Promise<MemoryList> =>
  (await (await fetch(`${service.url}/api/memory${query}`)).json()) as MemoryList;

describe('the translation memory', () => {
  it('translates a corrected line the same way in the next project, and suggests it for an alike one', async () => {
    const first = await dub(srt('Welcome back to the channel.', 'Today we cook a simple dinner.'));
    expect(first.state).toBe('ready');
    const machine = first.segments![0]!.target_text;
    const corrected = '¡Bienvenidos de nuevo al canal!';
    expect(machine).not.toBe(corrected);
    const edit = await fetch(`${service.url}/api/jobs/${first.id}/segments/0`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ target_text: corrected }),
    });
    expect(edit.status).toBe(200);
    const kept = await memory();
    expect(kept.entries).toEqual([
      expect.objectContaining({
        source_language: 'eng',
        target_language: 'spa',
        source: 'Welcome back to the channel.',
        target: corrected,
      }),
    ]);

    // The same line (other case and punctuation) is taken from memory; an alike line is only suggested.
    const next = await dub(srt('welcome back to the channel', 'Today we cook a simple lunch.'));
    const [same, alike] = next.segments! as [NonNullable<Job['segments']>[0], NonNullable<Job['segments']>[0]];
    expect(same.target_text).toBe(corrected);
    expect(same.memory).toMatchObject({ kind: 'exact', target: corrected, similarity: 1 });
    expect(same.engines?.mt).toBe('memory');
    expect(alike.memory).toBeUndefined();

    const dinner = '¡Hoy cocinamos una cena sencilla!';
    await fetch(`${service.url}/api/jobs/${first.id}/segments/1`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ target_text: dinner }),
    });
    const third = await dub(srt('Welcome back to the channel!', 'Today we cook a simple lunch.'));
    const suggested = third.segments![1]!;
    expect(suggested.memory).toMatchObject({
      kind: 'suggestion',
      source: 'Today we cook a simple dinner.',
      target: dinner,
    });
    expect(suggested.memory!.similarity).toBeGreaterThanOrEqual(0.75);
    // A suggestion is shown, not taken: the line keeps the engine's translation.
    expect(suggested.target_text).not.toBe(dinner);
    expect(suggested.engines?.mt).toBe('apertium');
  }, 300_000);

  it('lists, searches, exports as TMX and forgets', async () => {
    expect((await memory()).total).toBe(2);
    expect((await memory('?q=bienvenidos')).entries.map((entry) => entry.source)).toEqual([
      'Welcome back to the channel.',
    ]);
    expect((await memory('?q=dinner&source_language=eng&target_language=spa')).total).toBe(1);
    expect((await memory('?target_language=fra')).total).toBe(0);
    expect((await fetch(`${service.url}/api/memory?target_language=xx`)).status).toBe(400);

    const exported = await fetch(`${service.url}/api/memory/export.tmx?source_language=eng`);
    expect(exported.headers.get('content-type')).toContain('application/x-tmx+xml');
    expect(exported.headers.get('content-disposition')).toContain('voxlate-memory.eng.tmx');
    const tmx = await exported.text();
    expect(tmx).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<tmx version="1.4">/);
    expect(tmx).toContain('srclang="en"');
    expect(tmx).toContain('<tuv xml:lang="en"><seg>Welcome back to the channel.</seg></tuv>');
    expect(tmx).toContain('<tuv xml:lang="es"><seg>¡Bienvenidos de nuevo al canal!</seg></tuv>');
    expect(tmx.match(/<tu /g)).toHaveLength(2);

    const [newest] = (await memory()).entries;
    expect((await fetch(`${service.url}/api/memory/${newest!.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${service.url}/api/memory/${newest!.id}`, { method: 'DELETE' })).status).toBe(404);
    const cleared = await fetch(`${service.url}/api/memory`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ forgotten: 1 });
    expect((await memory()).total).toBe(0);
  });
});
