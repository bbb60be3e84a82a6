import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DUB_OPTIONS, type PipelineEvent } from '@voxlate/core';
import { defaultRegistries } from '@voxlate/engines';
import { ModelManager, catalogModel } from '@voxlate/models';
import { writeTinyNllb, writeTinyVits, writeTinyWhisper } from '@voxlate/tiny-models';
import { Dubber } from './dubber.js';
import { makeSpeechWav } from './test/make-media.js';

/** The pipeline picks up installed neural engines with no code change (tiny models: no quality claim). */
const root = mkdtempSync(join(tmpdir(), 'voxlate-neural-path-'));
const jobs = mkdtempSync(join(tmpdir(), 'voxlate-neural-jobs-'));
const media = mkdtempSync(join(tmpdir(), 'voxlate-neural-media-'));
const manager = new ModelManager({ root, hubBase: 'http://127.0.0.1:9', offline: true });
const dubber = new Dubber(
  { tempRoot: jobs, options: DEFAULT_DUB_OPTIONS, dataDir: join(root, 'data') },
  defaultRegistries(manager),
);
let speech = '';

beforeAll(async () => {
  await writeTinyVits(join(root, 'Xenova/mms-tts-spa'), { seed: 3 });
  await manager.adopt('mms-tts-spa');
  // No <|yue|> in this Whisper: detection can never land on the Cantonese target below.
  await writeTinyWhisper(join(root, catalogModel('whisper-base')!.repo));
  await manager.adopt('whisper-base');
  await writeTinyNllb(join(root, catalogModel('nllb-200-distilled-600M')!.repo));
  await manager.adopt('nllb-200-distilled-600M');
  speech = await makeSpeechWav(media, ['Welcome back to the channel.']);
});
afterAll(async () => {
  await dubber.close();
  for (const folder of [root, jobs, media]) rmSync(folder, { recursive: true, force: true });
});

describe('neural engines in the pipeline', () => {
  it('dubs with the installed MMS-TTS voice and records it per segment', async () => {
    const transcript = '1\n00:00:00,800 --> 00:00:02,500\nWelcome back to the channel.\n';
    const run = await dubber.dub({
      input: speech,
      output: join(media, `neural-${Date.now()}.wav`),
      sourceLanguage: 'eng',
      targetLanguage: 'spa',
      transcript,
    });
    expect(run.timeline.segments[0]!.engines.tts).toBe('mms-tts');
    expect(run.timeline.segments[0]!.phonemes).toEqual([]);
    expect(readdirSync(jobs)).toEqual([]);
  });

  it('detects the source language, recognises with Whisper and translates with NLLB', async () => {
    const events: PipelineEvent[] = [];
    const run = await dubber.dub(
      {
        input: speech,
        output: join(media, `neural-auto-${Date.now()}.wav`),
        sourceLanguage: 'auto',
        targetLanguage: 'yue',
      },
      { onEvent: (event) => events.push(event) },
    );
    const detected = events.find((event) => event.type === 'language-detected');
    expect(detected).toMatchObject({ engine: 'whisper-base' });
    const source = run.timeline.sourceLanguage;
    expect(detected).toMatchObject({ language: source });
    expect(source).not.toBe('yue');
    expect(run.timeline.segments.length).toBeGreaterThan(0);
    for (const segment of run.timeline.segments) {
      expect(segment.engines).toMatchObject({ asr: 'whisper-base', mt: 'nllb-200', tts: 'espeak-ng' });
      expect(segment.mtRoute).toBe(`${source}→yue`);
      expect(segment.quality).toBe('full');
      expect(segment.words.length).toBeGreaterThan(0);
    }
    expect(readdirSync(jobs)).toEqual([]);
  });
});
