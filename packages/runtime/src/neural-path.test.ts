import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DUB_OPTIONS } from '@voxlate/core';
import { defaultRegistries } from '@voxlate/engines';
import { ModelManager } from '@voxlate/models';
import { writeTinyVits } from '@voxlate/tiny-models';
import { Dubber } from './dubber.js';
import { makeSpeechWav } from './test/make-media.js';

/** The pipeline picks up an installed neural voice with no code change (tiny model: no quality claim). */
const root = mkdtempSync(join(tmpdir(), 'voxlate-neural-path-'));
const jobs = mkdtempSync(join(tmpdir(), 'voxlate-neural-jobs-'));
const manager = new ModelManager({ root, hubBase: 'http://127.0.0.1:9', offline: true });
const dubber = new Dubber({ tempRoot: jobs, options: DEFAULT_DUB_OPTIONS }, defaultRegistries(manager));
let speech = '';

beforeAll(async () => {
  await writeTinyVits(join(root, 'Xenova/mms-tts-spa'), { seed: 3 });
  await manager.adopt('mms-tts-spa');
  speech = await makeSpeechWav(mkdtempSync(join(tmpdir(), 'voxlate-neural-media-')), ['Welcome back to the channel.']);
});
afterAll(() => dubber.close());

describe('neural engines in the pipeline', () => {
  it('dubs with the installed MMS-TTS voice and records it per segment', async () => {
    const transcript = '1\n00:00:00,800 --> 00:00:02,500\nWelcome back to the channel.\n';
    const run = await dubber.dub({
      input: speech,
      output: join(jobs, '..', `neural-${Date.now()}.wav`),
      sourceLanguage: 'eng',
      targetLanguage: 'spa',
      transcript,
    });
    expect(run.timeline.segments[0]!.engines.tts).toBe('mms-tts');
    expect(run.timeline.segments[0]!.phonemes).toEqual([]);
    expect(readdirSync(jobs)).toEqual([]);
  });
});
