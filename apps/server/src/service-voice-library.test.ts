import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, SavedVoiceAnswer, SavedVoiceFile } from '@voxlate/contract';
import type { SpeakerVoice, Timeline, VoiceProvenance } from '@voxlate/core';
import { makeTwoSpeakerWav } from '../../../packages/dubber/src/test/make-media.js';
import { readJobEvents, settledIn } from './test/job-events.js';
import { form, startService, type RunningService } from './test/service-process.js';

/**
 * The voice library through the API (issue 41, item 1), on real speech: a man (the librivox
 * reader) and a woman (codec2's hts2) dubbed into Russian with shaped voices; his voice saved,
 * renamed, exported, removed and imported again, then given to her in a second job (by
 * speaker_voices) and in the editor: she is spoken in his base voice at his pitch.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-voice-library-'));
const RIGHTS = 'The reader is me: I recorded this for my channel.';
let service: RunningService;
let input = '';

beforeAll(async () => {
  input = makeTwoSpeakerWav(dir, 'two speakers.wav');
  service = await startService();
}, 60_000);
afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const api = (path: string, init?: RequestInit): Promise<Response> => fetch(`${service.url}/api${path}`, init);
const send = (method: string, path: string, body: unknown): Promise<Response> =>
  api(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const errorOf = async (answer: Response): Promise<string> => ((await answer.json()) as { error: string }).error;

async function dub(fields: Record<string, string> = {}): Promise<string> {
  const created = await api('/jobs', {
    method: 'POST',
    body: await form({ target_language: 'rus', voice: 'shaped', speakers: '2', ...fields }, { file: input }),
  });
  expect(created.status, await created.clone().text()).toBe(202);
  return ((await created.json()) as Job).id;
}

async function settled(id: string): Promise<Job> {
  await readJobEvents(`${service.url}/api/jobs/${id}/events`, settledIn(['ready', 'failed']), { ms: 180_000 });
  return (await (await api(`/jobs/${id}`)).json()) as Job;
}

async function report(id: string): Promise<{ timeline: Timeline; provenance: { voice: VoiceProvenance } }> {
  return (await (await api(`/jobs/${id}/report`)).json()) as {
    timeline: Timeline;
    provenance: { voice: VoiceProvenance };
  };
}

function speakerOf(timeline: Timeline, id: string): SpeakerVoice {
  return timeline.speakers!.find((speaker) => speaker.speaker === id)!;
}

describe('the voice library', () => {
  let first = '';
  let him: SpeakerVoice;
  let saved: SavedVoiceAnswer;

  it('saves a speaker of a finished job with their speech and the creator’s statement', async () => {
    first = await dub();
    expect((await settled(first)).state).toBe('ready');
    him = speakerOf((await report(first)).timeline, 'S1');
    expect(him.f0MedianHz).toBeLessThan(130);

    const answer = await send('POST', '/voice-library', {
      name: 'Narrator',
      job_id: first,
      speaker: 'S1',
      rights_statement: RIGHTS,
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    saved = (await answer.json()) as SavedVoiceAnswer;
    expect(saved).toMatchObject({
      name: 'Narrator',
      profile: { f0_median_hz: him.f0MedianHz, f0_range_semitones: him.f0RangeSemitones },
      base_voices: { rus: { engine: 'rhvoice', voice: him.voice.voice } },
      rights: { statement: RIGHTS },
      saved_from: { job_id: first, speaker: 'S1', source_language: 'eng' },
    });
    // His clean lines, cut from the original (the two-speaker file has about 7 s of him).
    expect(saved.speech_seconds).toBeGreaterThan(3);
    const speech = await api(`/voice-library/${saved.id}/speech.wav`);
    expect(speech.status).toBe(200);
    const wav = Buffer.from(await speech.arrayBuffer());
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect((wav.length - 44) / 2 / 24_000).toBeCloseTo(saved.speech_seconds!, 1);
  }, 240_000);

  it('refuses a taken name, an unknown speaker or job, and a statement too short to say anything', async () => {
    const body = { name: 'narrator', job_id: first, speaker: 'S1', rights_statement: RIGHTS };
    const taken = await send('POST', '/voice-library', body);
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toMatch(/already called "Narrator"/);
    const nobody = await send('POST', '/voice-library', { ...body, name: 'Other', speaker: 'S7' });
    expect(nobody.status).toBe(404);
    expect(await errorOf(nobody)).toMatch(/no voiced speaker S7: its speakers are S1, S2/);
    const noJob = await send('POST', '/voice-library', { ...body, name: 'Other', job_id: 'mg0000000-0123456789ab' });
    expect(noJob.status).toBe(404);
    const terse = await send('POST', '/voice-library', { ...body, name: 'Other', rights_statement: 'ok' });
    expect(terse.status).toBe(400);
    expect(await errorOf(terse)).toMatch(/rights_statement/);
  });

  it('renames, exports, removes and imports a voice whole', async () => {
    const renamed = await send('PATCH', `/voice-library/${saved.id}`, { name: 'Host' });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as SavedVoiceAnswer).name).toBe('Host');
    const exported = await api(`/voice-library/${saved.id}/export.json`);
    expect(exported.headers.get('content-disposition')).toMatch(/Host\.voxlate-voice\.json/);
    const file = (await exported.json()) as SavedVoiceFile;
    expect(file.speech?.seconds).toBe(saved.speech_seconds);

    expect((await api(`/voice-library/${saved.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/voice-library/${saved.id}`)).status).toBe(404);
    expect((await api(`/voice-library/${saved.id}/speech.wav`)).status).toBe(404);

    const imported = await send('POST', '/voice-library/import', file);
    expect(imported.status, await imported.clone().text()).toBe(201);
    const back = (await imported.json()) as SavedVoiceAnswer;
    expect(back.id).not.toBe(saved.id);
    expect(back).toMatchObject({ name: 'Host', profile: saved.profile, base_voices: saved.base_voices });
    expect(back.speech_seconds).toBe(saved.speech_seconds);
    expect(back.saved_from).toBeUndefined();
    const list = (await (await api('/voice-library')).json()) as { voices: SavedVoiceAnswer[] };
    expect(list.voices.map((voice) => voice.name)).toEqual(['Host']);
    saved = back;

    const again = await send('POST', '/voice-library/import', file);
    expect(again.status).toBe(409);
    const notWav = await send('POST', '/voice-library/import', {
      ...file,
      name: 'Broken',
      speech: { ...file.speech!, wav_base64: Buffer.from('not a wav file at all, sorry').toString('base64') },
    });
    expect(notWav.status).toBe(400);
    expect(await errorOf(notWav)).toMatch(/not a PCM WAV file/);
  });

  it('speaks another speaker in the saved voice in a new job, and says so in the provenance', async () => {
    const unknown = await api('/jobs', {
      method: 'POST',
      body: await form({ target_language: 'rus', speaker_voices: 'S2=Nobody' }, { file: input }),
    });
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toMatch(/speaker_voices: There is no saved voice "Nobody": the library has "Host"/);
    const twice = await api('/jobs', {
      method: 'POST',
      body: await form({ target_language: 'rus', speaker_voices: 'S2=Host;S2=Host' }, { file: input }),
    });
    expect(twice.status).toBe(400);

    const second = await dub({ speaker_voices: 'S2=Host' });
    const done = await settled(second);
    expect(done.state).toBe('ready');
    expect(done.speakers?.find((speaker) => speaker.id === 'S2')?.saved_voice).toEqual({ id: saved.id, name: 'Host' });
    const { timeline, provenance } = await report(second);
    const her = speakerOf(timeline, 'S2');
    expect(her.voice.voice).toBe(him.voice.voice);
    expect(her.voice.pitchHz).toBe(him.voice.pitchHz);
    expect(her.measuredF0MedianHz).toBeGreaterThan(150);
    // He keeps his own measures (RHVoice has one man's voice for Russian, so they share it).
    expect(speakerOf(timeline, 'S1').savedVoice).toBeUndefined();
    expect(speakerOf(timeline, 'S1').f0MedianHz).toBe(him.f0MedianHz);
    expect(provenance.voice.saved).toEqual([
      { speaker: 'S2', voice: { id: saved.id, name: 'Host' }, rights: { statement: RIGHTS, at: saved.rights.at } },
    ]);
  }, 240_000);

  it('gives a speaker a saved voice in the editor, re-dubbing only their lines', async () => {
    const both = await send('PATCH', `/jobs/${first}/speakers/S2`, { voice: 'x', saved_voice: 'Host' });
    expect(both.status).toBe(400);
    const unknown = await send('PATCH', `/jobs/${first}/speakers/S2`, { saved_voice: 'Nobody' });
    expect(unknown.status).toBe(400);
    const before = (await report(first)).timeline;
    const given = await send('PATCH', `/jobs/${first}/speakers/S2`, { saved_voice: 'host' });
    expect(given.status, await given.clone().text()).toBe(200);
    const stale = (await given.json()) as Job;
    expect(stale.state).toBe('stale');
    expect(stale.speakers?.find((speaker) => speaker.id === 'S2')?.saved_voice?.name).toBe('Host');
    expect((await api(`/jobs/${first}/render`, { method: 'POST' })).status).toBe(202);
    expect((await settled(first)).state).toBe('ready');
    const after = (await report(first)).timeline;
    expect(speakerOf(after, 'S2').voice.pitchHz).toBe(him.voice.pitchHz);
    for (const segment of after.segments) {
      const earlier = before.segments.find((line) => line.id === segment.id)!;
      if (segment.speaker === 'S2') expect(segment.voice!.baseVoice).toBe(speakerOf(after, 'S2').voice.voice);
      else expect(segment.voice!.baseVoice).toBe(earlier.voice!.baseVoice);
    }
  }, 240_000);
});
