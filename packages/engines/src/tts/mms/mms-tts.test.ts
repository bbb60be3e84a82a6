import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelManager } from '@voxlate/models';
import { writeTinyVits } from '@voxlate/tiny-models';
import { defaultRegistries } from '../../neural-registries.js';
import { RegistryResolver } from '../../registry-resolver.js';

/**
 * The MMS-TTS engine on tiny random-weight VITS models written by the repo, in the same
 * folder layout and manifest as real downloads. These tests prove loading, tokenising and
 * audio out; they say nothing about voice quality.
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-tiny-models-'));
const manager = new ModelManager({ root, hubBase: 'http://127.0.0.1:9', offline: true });
const resolver = new RegistryResolver(defaultRegistries(manager));

beforeAll(async () => {
  for (const language of ['eng', 'fra']) {
    await writeTinyVits(join(root, `Xenova/mms-tts-${language}`), { seed: language.length });
    await manager.adopt(`mms-tts-${language}`);
  }
});
afterAll(async () => {
  await resolver.close();
  rmSync(root, { recursive: true, force: true });
});

describe('MMS-TTS on tiny models', () => {
  it('wins over eSpeak where its voice is installed and falls back elsewhere', async () => {
    expect((await resolver.synthesiser('eng')).id).toBe('mms-tts');
    expect((await resolver.synthesiser('fra')).id).toBe('mms-tts');
    expect((await resolver.synthesiser('jpn')).id).toBe('espeak-ng');
    expect((await resolver.synthesiser('eng', 'espeak-ng')).id).toBe('espeak-ng');
  });

  it('tokenises the text and returns its waveform at the model rate, with no phoneme timings', async () => {
    const voice = await resolver.synthesiser('eng');
    const short = await voice.synthesise('Hi there', 'eng', {});
    const long = await voice.synthesise('Hello world, welcome back', 'eng', {});
    expect(short.audio.sampleRate).toBe(16000);
    expect(short.audio.samples.length).toBe('hi there'.length * 256);
    expect(long.audio.samples.length).toBeGreaterThan(short.audio.samples.length);
    expect(short.phonemes).toEqual([]);
    expect(voice.timings).toBe('none');
  });
});
