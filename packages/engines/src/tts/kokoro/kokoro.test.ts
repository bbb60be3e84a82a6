import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancelled } from '@voxlate/core';
import { KOKORO_ENGLISH, ModelManager, catalogModel } from '@voxlate/models';
import { writeTinyKokoro, writeTinyPiper } from '@voxlate/tiny-models';
import { defaultRegistries } from '../../neural-registries.js';
import { RegistryResolver } from '../../registry-resolver.js';
import { EspeakIpa, kokoroSpelling } from './espeak-ipa.js';

/**
 * Kokoro on a tiny random-weight StyleTTS 2 written by the repo (same files as the real one),
 * fed eSpeak NG's IPA. Proves phonemising, tokenising, voice style selection and audio out;
 * nothing about how Kokoro sounds.
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-tiny-kokoro-'));
const manager = new ModelManager({ root, hubBase: 'http://127.0.0.1:9', offline: true });
const resolver = new RegistryResolver(defaultRegistries(manager));

beforeAll(async () => {
  await writeTinyKokoro(join(root, KOKORO_ENGLISH.repo), ['af_heart']);
  await manager.adopt('kokoro-eng');
  const piper = catalogModel('piper-eng')!;
  await writeTinyPiper(join(root, piper.repo), { modelFile: piper.files[0]! });
  await manager.adopt('piper-eng');
});
afterAll(async () => {
  await resolver.close();
  rmSync(root, { recursive: true, force: true });
});

describe('Kokoro on a tiny model', () => {
  it('speaks English above Piper and leaves other languages alone', async () => {
    expect((await resolver.synthesiser('eng')).id).toBe('kokoro');
    expect((await resolver.synthesiser('eng', 'piper')).id).toBe('piper');
    // Korean has no voice but eSpeak NG's offline (Debian's better voices do not speak it).
    expect((await resolver.synthesiser('kor')).id).toBe('espeak-ng');
  });

  it('turns text into IPA tokens, picks the style for their count and returns 24 kHz audio', async () => {
    const kokoro = await resolver.synthesiser('eng');
    const ipa = await EspeakIpa.create();
    const short = await kokoro.synthesise('Hello.', 'eng', {});
    const long = await kokoro.synthesise('Hello world, welcome back to the channel.', 'eng', {});
    expect(short.audio.sampleRate).toBe(24000);
    // The tiny model says 600 samples per token: the phonemes plus the two $ pads.
    expect(short.audio.samples.length).toBe(([...ipa.phonemes('Hello.', 'en-us')].length + 2) * 600);
    expect(long.audio.samples.length).toBeGreaterThan(3 * short.audio.samples.length);
    expect(long.phonemes).toEqual([]);
    await expect(kokoro.synthesise('Hello.', 'eng', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(Cancelled);
  });
});

describe('eSpeak NG IPA for Kokoro', () => {
  it('keeps the punctuation between eSpeak chunks, and reads numbers and money as kokoro-js does', async () => {
    const ipa = await EspeakIpa.create();
    expect(ipa.phonemes('Hello world, welcome back!', 'en-us')).toMatch(/^həlˈoʊ wˈɜːld, wˈɛlkʌm bˈæk!$/);
    const question = ipa.phonemes('Really? Yes; of course!', 'en-us');
    expect(question).toMatch(/^\S+\? \S+; .+!$/);
    expect(question).not.toMatch(/_/);
    // Years in pairs and money in words, so the phonemes differ from eSpeak's own reading.
    expect(ipa.phonemes('In 1984.', 'en-us')).toBe(ipa.phonemes('In 19 84.', 'en-us'));
    expect(ipa.phonemes('It costs $5.50', 'en-us')).toBe(ipa.phonemes('It costs 5 dollars and 50 cents', 'en-us'));
    expect(ipa.phonemes('   ', 'en-us')).toBe('');
  });

  it('applies the spellings kokoro-js applies', () => {
    expect(kokoroSpelling('ɡrˈeɪt lˈɒx')).toBe('ɡɹˈeɪt lˈɒk');
    expect(kokoroSpelling('nˈaɪnti')).toBe('nˈaɪndi');
  });
});
