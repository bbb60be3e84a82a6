import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DUB_OPTIONS,
  DEFAULT_MIX,
  EVERY_SPEAKER,
  median,
  placedSpan,
  savedVoiceFrom,
  voicedValues,
  voiceProvenance,
  type SavedVoice,
  type Timeline,
} from '@voxlate/core';
import { defaultRegistries, engineSettingsFromEnv } from '@voxlate/engines';
import { ModelManager } from '@voxlate/models';
import { Dubber } from './dubber.js';
import { decodedSamples, ffmpeg, LIBRIVOX, makeLibrivoxWav } from './test/make-media.js';

/**
 * A voice saved from one dub speaks its speaker the same way in the next: real read speech (the
 * librivox reader, a man) dubbed into Russian (RHVoice has men's and women's voices), his voice
 * saved, then two other recordings dubbed with it: more of his reading, and a woman (codec2's
 * hts2), who without the saved voice is given a woman's voice at her own pitch.
 * Measured when written: his first dub heard at 97.2 Hz; more of his reading 99.5 Hz (2.3 % off) and
 * the woman 96.6 Hz (0.7 %) with the saved voice; the woman matched afresh 178.5 Hz (84 %).
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-saved-voice-'));
const work = mkdtempSync(join(tmpdir(), 'voxlate-saved-voice-jobs-'));
const registries = defaultRegistries(new ModelManager(), { ...engineSettingsFromEnv(), optedInVoices: [] });
const dubber = new Dubber({ tempRoot: work, options: DEFAULT_DUB_OPTIONS, dataDir: join(root, 'data') }, registries);
const RIGHTS = { statement: 'My own voice, recorded for this channel.', at: '2026-11-29T00:00:00.000Z' };

let first = '';
let moreOfHim = '';
let woman = '';

beforeAll(() => {
  first = makeLibrivoxWav(root);
  moreOfHim = join(root, 'more-of-him.wav');
  const clip = (id: string): string => `${LIBRIVOX}/sense_and_sensibility_01_austen_64kb-${id}.wav`;
  ffmpeg`-i ${clip('0890')} -i ${clip('0920')} -filter_complex [0][1]concat=n=2:v=0:a=1 ${moreOfHim}`;
  woman = join(root, 'woman.wav');
  ffmpeg`-f s16le -ar 8000 -ac 1 -i /usr/share/codec2/raw/hts2.raw -ar 16000 ${woman}`;
});
afterAll(async () => {
  await dubber.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** A shaped Russian dub of one speaker, the original muted so that only the dub is measured. */
interface Dubbed {
  timeline: Timeline;
  output: string;
}

async function dub(input: string, name: string, savedVoices?: Record<string, SavedVoice>): Promise<Dubbed> {
  const output = join(root, `${name}.wav`);
  const run = await dubber.dub({
    input,
    output,
    sourceLanguage: 'eng',
    targetLanguage: 'rus',
    choices: { voice: { mode: 'shaped', speakers: 1 } },
    ...(savedVoices ? { savedVoices } : {}),
    options: { separation: 'off', mix: { ...DEFAULT_MIX, duckDb: 90 } },
  });
  return { timeline: run.timeline, output };
}

/** The pitch heard: the median F0 of every voiced frame of the dub's lines, measured in its output. */
async function heardPitch(dubbed: Dubbed): Promise<number> {
  const samples = decodedSamples(dubbed.output, 16000);
  const shaper = await registries.voice.get('psola');
  const voiced = dubbed.timeline.segments.flatMap((segment) => {
    const placed = placedSpan(segment);
    if (!placed) return [];
    const audio = { samples: samples.subarray(placed.start * 16000, placed.end * 16000), sampleRate: 16000 };
    return voicedValues(shaper.measure(audio).f0Hz);
  });
  return median(voiced);
}

function within(value: number, reference: number): number {
  return Math.abs(value / reference - 1);
}

describe('a saved voice across dubs', () => {
  it('speaks the same speaker with the same base voice and pitch within 3 %, and a woman in his voice', async () => {
    const original = await dub(first, 'first');
    const him = original.timeline.speakers![0]!;
    const heard = await heardPitch(original);
    const engine = original.timeline.engines!.find((use) => use.task === 'synthesis')!.engine;
    const saved = savedVoiceFrom(him, {
      id: '0123456789abcdef',
      name: 'Reader',
      rights: RIGHTS,
      language: 'rus',
      engine,
    });
    expect(saved.baseVoices.rus).toEqual({ engine, voice: him.voice.voice });

    // The bad case first: the woman matched afresh gets another base voice, far from his pitch.
    const herOwn = await dub(woman, 'woman-own');
    expect(herOwn.timeline.speakers![0]!.voice.voice).not.toBe(him.voice.voice);
    expect(within(await heardPitch(herOwn), heard)).toBeGreaterThan(0.2);

    // More of him by his speaker id; the woman by the assignment for every speaker.
    for (const [input, name, assigned] of [
      [moreOfHim, 'more-of-him', 'S1'],
      [woman, 'woman-saved', EVERY_SPEAKER],
    ] as const) {
      const again = await dub(input, name, { [assigned]: saved });
      const speaker = again.timeline.speakers![0]!;
      expect(speaker.savedVoice?.name, name).toBe('Reader');
      expect(speaker.voice.voice, name).toBe(him.voice.voice);
      expect(speaker.voice.pitchHz, name).toBe(him.voice.pitchHz);
      const pitch = await heardPitch(again);
      expect(within(pitch, heard), name).toBeLessThan(0.03);
      expect(voiceProvenance(again.timeline, 'shaped').saved).toEqual([
        { speaker: 'S1', voice: { id: saved.id, name: 'Reader' }, rights: RIGHTS },
      ]);
    }
  });
});
