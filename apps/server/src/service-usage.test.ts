import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, Usage } from '@voxlate/contract';
import { ApiKeys, UsageLedger } from '@voxlate/workspace';
import { makeSpeechWav } from '../../../packages/dubber/src/test/make-media.js';
import { form, startService, waitFor, type RunningService } from './test/service-process.js';

/**
 * Issue 58: the pricing page's plans as real allowances. A free workspace dubs, is charged the
 * media's length (a re-dub: its line), is refused past its 10 minutes with the month's figures,
 * goes on after the operator's top-up, and its month is the same after a restart and through a
 * second instance on the same data folder.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-usage-'));
const dataDir = join(dir, 'data');
const SRT =
  '1\n00:00:00,800 --> 00:00:03,000\nWelcome back to the Voxlate channel.\n\n' +
  '2\n00:00:04,000 --> 00:00:06,500\nToday we cook a simple dinner.\n';
let service: RunningService;
let headers: Record<string, string>;
let workspace = '';
let speech = '';

beforeAll(async () => {
  speech = await makeSpeechWav(dir, ['Welcome back to the Voxlate channel.', 'Today we cook a simple dinner.']);
  const made = await new ApiKeys(dataDir).add('Creators');
  headers = { authorization: `Bearer ${made.key}` };
  workspace = made.workspace.id;
  service = await startService({}, { dataDir });
}, 60_000);
afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const usageOf = async (on: RunningService = service): Promise<Usage> =>
  (await (await fetch(`${on.url}/api/usage`, { headers })).json()) as Usage;
const dub = async (language = 'spa'): Promise<Response> =>
  fetch(`${service.url}/api/jobs`, {
    method: 'POST',
    headers,
    body: await form(
      { target_language: language, source_language: 'eng', subtitles: SRT, voice: 'neutral' },
      { file: speech },
    ),
  });
const jobOf = async (id: string): Promise<Job> =>
  (await (await fetch(`${service.url}/api/jobs/${id}`, { headers })).json()) as Job;
async function finished(id: string): Promise<Job> {
  await waitFor(async () => ['ready', 'failed'].includes((await jobOf(id)).state), 120_000);
  return jobOf(id);
}

describe('a workspace on the free plan', () => {
  let jobId = '';

  it('starts with 10 minutes and 2 languages, one seat held', async () => {
    expect(await usageOf()).toMatchObject({
      plan: { name: 'free', minutes_per_month: 10, languages: 2, seats: 1 },
      used_minutes: 0,
      left_minutes: 10,
      languages_used: [],
      seats_used: 1,
      overage: false,
    });
  });

  it('is charged the media a dub took, and a re-dub only its line', async () => {
    const created = await dub();
    expect(created.status).toBe(202);
    jobId = ((await created.json()) as Job).id;
    expect((await finished(jobId)).state).toBe('ready');
    const report = await fetch(`${service.url}/api/jobs/${jobId}/report`, { headers });
    const media = ((await report.json()) as { timeline: { duration: number } }).timeline.duration;
    expect(media).toBeGreaterThan(4);
    const first = await usageOf();
    expect(first.used_minutes).toBeCloseTo(media / 60, 1);
    expect(first.languages_used).toEqual(['spa']);

    const ledger = new UsageLedger(dataDir);
    const before = (await ledger.month(workspace)).usedSeconds;
    const edited = await fetch(`${service.url}/api/jobs/${jobId}/segments/0`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ target_text: 'Hola amigos, bienvenidos de nuevo.' }),
    });
    expect(edited.status).toBe(200);
    const line = ((await edited.json()) as Job).segments![0]!;
    expect((await fetch(`${service.url}/api/jobs/${jobId}/render`, { method: 'POST', headers })).status).toBe(202);
    expect((await finished(jobId)).state).toBe('ready');
    const charged = (await ledger.month(workspace)).usedSeconds - before;
    expect(charged).toBeCloseTo(line.end - line.start, 1);
    expect(charged).toBeLessThan(media / 2);
  }, 240_000);

  it('is refused a third language with the month named', async () => {
    const answer = await fetch(`${service.url}/api/jobs`, {
      method: 'POST',
      headers,
      body: await form(
        { target_languages: 'fra,deu', source_language: 'eng', subtitles: SRT, voice: 'neutral' },
        { file: speech },
      ),
    });
    expect(answer.status).toBe(402);
    const { error } = (await answer.json()) as { error: string };
    expect(error).toMatch(/^The free plan dubs into 2 languages a month; this month: spa\. fra, deu would make 3\./);
  });

  it('is refused its next dub once its 10 minutes are used, with the figures, until the operator tops it up', async () => {
    // The rest of the month's minutes, as earlier dubs would have used them.
    const used = (await usageOf()).used_minutes;
    await new UsageLedger(dataDir).record(workspace, {
      job: 'earlier-dubs',
      revision: 0,
      seconds: (10 - used) * 60,
      language: 'spa',
      kind: 'dub',
      at: new Date().toISOString(),
    });
    const refused = await dub();
    expect(refused.status).toBe(402);
    const body = (await refused.json()) as { error: string; usage: Record<string, unknown> };
    expect(body.error).toMatch(/^This month the workspace has dubbed 10 of the free plan's 10 minutes: none left\. /);
    expect(body.error).toMatch(/The month resets on \d{4}-\d\d-01/);
    expect(body.usage).toEqual({
      used_minutes: 10,
      left_minutes: 0,
      resets_at: expect.stringMatching(/-01T00:00:00\.000Z$/) as string,
    });
    // Nothing was made of the refused dub.
    const listed = (await (await fetch(`${service.url}/api/jobs`, { headers })).json()) as { total: number };
    expect(listed.total).toBe(1);

    await new UsageLedger(dataDir).topUp(workspace, 5);
    expect(await usageOf()).toMatchObject({ top_up_minutes: 5, left_minutes: 5 });
    const allowed = await dub();
    expect(allowed.status).toBe(202);
    await finished(((await allowed.json()) as Job).id);
  }, 180_000);

  it('keeps its month through a restart, and shows the same month through a second instance', async () => {
    const before = await usageOf();
    const second = await startService({}, { dataDir });
    try {
      expect(await usageOf(second)).toEqual(before);
    } finally {
      await second.stop();
    }
    await service.stop();
    service = await startService({}, { dataDir });
    expect(await usageOf()).toEqual(before);
  }, 60_000);
});

describe('a service without keys', () => {
  it('has no plan and no limit', async () => {
    const open = await startService();
    try {
      const usage = (await (await fetch(`${open.url}/api/usage`)).json()) as Usage;
      expect(usage).toMatchObject({ plan: null, left_minutes: null, used_minutes: 0 });
    } finally {
      await open.stop();
    }
  });
});
