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
  // Korean as published: is_uroman, a Latin-only alphabet, Hangul stripped by the tokenizer.
  await writeTinyVits(join(root, 'Xenova/mms-tts-kor'), { seed: 3, uroman: true });
  await manager.adopt('mms-tts-kor');
});
afterAll(async () => {
  await resolver.close();
  rmSync(root, { recursive: true, force: true });
});

describe('MMS-TTS on tiny models', () => {
  it('wins over eSpeak where its voice is installed and falls back elsewhere', async () => {
    expect((await resolver.synthesiser('eng')).id).toBe('mms-tts');
    expect((await resolver.synthesiser('fra')).id).toBe('mms-tts');
    // Cantonese has no voice but eSpeak NG's offline (Debian's better voices do not speak it).
    expect((await resolver.synthesiser('yue')).id).toBe('espeak-ng');
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

  it('reads Hangul through the romaniser for a voice trained on romanised text', async () => {
    const voice = await resolver.synthesiser('kor');
    expect(voice.id).toBe('mms-tts');
    const hangul = await voice.synthesise('안녕하세요', 'kor', {});
    const latin = await voice.synthesise('annyeonghaseyo', 'kor', {});
    expect(hangul.audio.samples.length).toBe('annyeonghaseyo'.length * 256);
    expect(Array.from(hangul.audio.samples)).toEqual(Array.from(latin.audio.samples));
  });

  it("refuses clearly, without crashing, text with nothing in the voice's alphabet", async () => {
    const korean = await resolver.synthesiser('kor');
    await expect(korean.synthesise('2024', 'kor', {})).rejects.toThrow(
      /MMS-TTS kor voice cannot say "2024": none of its characters .* \(it reads romanised text\)/,
    );
    const english = await resolver.synthesiser('eng');
    await expect(english.synthesise('日本語', 'eng', {})).rejects.toThrow(/MMS-TTS eng voice cannot say "日本語"/);
    // Still speaks afterwards.
    expect((await english.synthesise('ok', 'eng', {})).audio.samples.length).toBe(2 * 256);
  });
});
