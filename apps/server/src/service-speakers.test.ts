import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from '@voxlate/contract';
import type { SpeakerVoice, Timeline } from '@voxlate/core';
import { ffmpeg } from '../../../packages/runtime/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { form, startService, type RunningService } from './test/service-process.js';

/**
 * Speakers under the creator's control (issue 29, item 2), on real speech: a man (the librivox
 * reader, F0 about 100 Hz) and a woman (codec2's hts2, about 170 Hz) taking turns, dubbed with
 * shaped voices. A woman's line moved to the man is spoken again at his pitch in his voice; a
 * line moved to a speaker the diariser did not find gets a voice of its own; names stick.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-speakers-'));
const READER = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';
const WOMAN = '/usr/share/codec2/raw/hts2.raw';
let service: RunningService;
let input = '';

beforeAll(async () => {
  input = join(dir, 'two speakers.wav');
  ffmpeg`-i ${READER} -f s16le -ar 8000 -ac 1 -i ${WOMAN} -filter_complex ${'[0]aresample=16000,atrim=0:4,apad=pad_dur=0.7[a];[1]aresample=16000,atrim=0:3,apad=pad_dur=0.7[b];[0]aresample=16000,atrim=4:7.1,apad=pad_dur=0.7[c];[1]aresample=16000,atrim=3:6[d];[a][b][c][d]concat=n=4:v=0:a=1'} -ac 1 ${input}`;
  service = await startService();
}, 60_000);
afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const api = (path: string, init?: RequestInit): Promise<Response> => fetch(`${service.url}/api/jobs${path}`, init);
const patch = (path: string, body: unknown): Promise<Response> =>
  api(path, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function settled(id: string): Promise<Job> {
  await readJobEvents(`${service.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), { ms: 180_000 });
  return (await (await api(`/${id}`)).json()) as Job;
}

async function report(id: string): Promise<Timeline> {
  return ((await (await api(`/${id}/report`)).json()) as { timeline: Timeline }).timeline;
}

describe('moving lines between speakers', () => {
  it('re-dubs a moved line in its new speaker’s voice, gives a new speaker a voice of their own, and keeps names', async () => {
    const created = await api('', {
      method: 'POST',
      body: await form({ target_language: 'spa', voice: 'shaped', speakers: '2' }, { file: input }),
    });
    const { id } = (await created.json()) as Job;
    const first = await settled(id);
    expect(first.state).toBe('ready');
    expect(first.speakers?.map((speaker) => speaker.id)).toEqual(['S1', 'S2']);
    const before = await report(id);
    const [man, woman] = before.speakers as [SpeakerVoice, SpeakerVoice];
    expect(man.f0MedianHz).toBeLessThan(130);
    expect(woman.f0MedianHz).toBeGreaterThan(150);
    const womansLines = before.segments.filter((segment) => segment.speaker === 'S2');
    expect(womansLines.length).toBeGreaterThanOrEqual(2);
    const [moved, alone] = womansLines as [(typeof womansLines)[number], (typeof womansLines)[number]];
    expect(moved.voice!.f0MedianHz).toBeGreaterThan(150);

    // One of her lines to him, another to a speaker of its own; and names for both of them.
    expect((await patch(`/${id}/segments/${moved.id}`, { speaker: 'S1' })).status).toBe(200);
    expect((await patch(`/${id}/segments/${alone.id}`, { speaker: 'S3' })).status).toBe(200);
    const named = await patch(`/${id}/speakers/S1`, { name: 'Narrator' });
    expect(named.status).toBe(200);
    expect(((await named.json()) as Job).speakers).toEqual([
      { id: 'S1', name: 'Narrator', lines: expect.any(Number) as number },
      { id: 'S2', name: 'S2', lines: womansLines.length - 2 },
      { id: 'S3', name: 'S3', lines: 1 },
    ]);
    expect((await patch(`/${id}/speakers/S7`, { name: 'Nobody' })).status).toBe(404);
    expect((await patch(`/${id}/segments/${moved.id}`, { speaker: 'Bob' })).status).toBe(400);
    expect((await patch(`/${id}/speakers/S1`, { name: '   ' })).status).toBe(400);

    expect((await api(`/${id}/render`, { method: 'POST' })).status).toBe(202);
    const after = await settled(id);
    expect(after.state).toBe('ready');
    const timeline = await report(id);
    const line = (segmentId: number) => timeline.segments.find((segment) => segment.id === segmentId)!;
    console.log(
      `moved line ${moved.id}: ${moved.voice!.f0MedianHz} Hz (${moved.voice!.baseVoice}) before, ` +
        `${line(moved.id).voice!.f0MedianHz} Hz (${line(moved.id).voice!.baseVoice}) after; his median ${man.f0MedianHz} Hz`,
    );
    // His voice and his pitch now (within 12 %), where it was hers.
    expect(line(moved.id).speaker).toBe('S1');
    expect(line(moved.id).voice!.baseVoice).toBe(before.segments.find((s) => s.speaker === 'S1')!.voice!.baseVoice);
    expect(Math.abs(line(moved.id).voice!.f0MedianHz! / man.f0MedianHz! - 1)).toBeLessThan(0.12);
    // The new speaker: measured on their line (her voice, so high), a base voice neither of the others has.
    const added = timeline.speakers!.find((speaker) => speaker.speaker === 'S3')!;
    expect(added.f0MedianHz).toBeGreaterThan(150);
    expect([man.voice.voice, woman.voice.voice]).not.toContain(added.voice.voice);
    expect(line(alone.id).voice!.baseVoice).not.toBe(moved.voice!.baseVoice);
    // Nobody else changed voice; the names stay after the render.
    for (const segment of timeline.segments.filter((s) => s.id !== moved.id && s.id !== alone.id)) {
      expect(segment.voice!.baseVoice).toBe(before.segments.find((s) => s.id === segment.id)!.voice!.baseVoice);
    }
    expect(after.speakers?.find((speaker) => speaker.id === 'S1')?.name).toBe('Narrator');
  }, 300_000);
});
