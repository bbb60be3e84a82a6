import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancelled } from '@voxlate/core';
import { ModelManager, catalogModel } from '@voxlate/models';
import { writeTinyPiper, writeTinyVits } from '@voxlate/tiny-models';
import { espeakDataFromDpkg, espeakDataFromVersion, findEspeakData } from './espeak-data.js';
import { defaultRegistries } from '../../neural-registries.js';
import { RegistryResolver } from '../../registry-resolver.js';

/**
 * Piper through sherpa-onnx's native addon, on tiny random-weight voices written by the repo
 * in the files and manifest real downloads use, phonemised by eSpeak NG's Debian data. It
 * proves loading, phonemising and audio out; nothing about how the voices sound.
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-tiny-piper-'));
const manager = new ModelManager({ root, hubBase: 'http://127.0.0.1:9', offline: true });
const resolver = new RegistryResolver(defaultRegistries(manager));

beforeAll(async () => {
  for (const [language, espeakVoice, sampleRate] of [
    ['eng', 'en-us', 22050],
    ['spa', 'es', 22050],
    // The Greek voice is a "low" one: 16 kHz.
    ['ell', 'el', 16000],
  ] as const) {
    const model = catalogModel(`piper-${language}`)!;
    await writeTinyPiper(join(root, model.repo), { espeakVoice, sampleRate, modelFile: model.files[0]! });
    await manager.adopt(model.id);
  }
  await writeTinyVits(join(root, catalogModel('mms-tts-spa')!.repo));
  await manager.adopt('mms-tts-spa');
});
afterAll(async () => {
  await resolver.close();
  rmSync(root, { recursive: true, force: true });
});

describe('Piper on tiny voices', () => {
  it('wins over MMS-TTS and eSpeak where its voice is installed, and can be named', async () => {
    expect((await resolver.synthesiser('eng')).id).toBe('piper');
    expect((await resolver.synthesiser('spa')).id).toBe('piper');
    expect((await resolver.synthesiser('spa', 'mms-tts')).id).toBe('mms-tts');
    // Korean has no voice but eSpeak NG's offline (Debian's better voices do not speak it).
    expect((await resolver.synthesiser('kor')).id).toBe('espeak-ng');
  });

  it('phonemises the text with eSpeak NG and returns audio at the voice rate', async () => {
    const piper = await resolver.synthesiser('spa');
    const short = await piper.synthesise('Hola.', 'spa', {});
    const long = await piper.synthesise('Hola a todos, bienvenidos de nuevo al canal.', 'spa', {});
    expect(short.audio.sampleRate).toBe(22050);
    expect(short.audio.samples.length % 256).toBe(0);
    expect(long.audio.samples.length).toBeGreaterThan(3 * short.audio.samples.length);
    expect(long.phonemes).toEqual([]);
    const english = await piper.synthesise('Hola a todos, bienvenidos de nuevo al canal.', 'eng', {});
    // Same letters, another language's phonemes: eSpeak NG reads them with the voice's rules.
    expect(english.audio.samples).not.toEqual(long.audio.samples);
  });

  it('returns the rate the voice model states (the Greek voice is 16 kHz), as the catalog says', async () => {
    const piper = await resolver.synthesiser('ell');
    expect(piper.id).toBe('piper');
    const greek = await piper.synthesise('Καλημέρα σε όλους.', 'ell', {});
    expect(greek.audio.sampleRate).toBe(16000);
    expect(catalogModel('piper-ell')!.description).toMatch(/16 kHz/);
    expect(catalogModel('piper-eng')!.description).toMatch(/22\.05 kHz/);
  });

  it('finds eSpeak NG data where this machine keeps it, or where the setting says', async () => {
    const found = await findEspeakData({});
    expect(found).toMatch(/espeak-ng-data$/);
    expect(existsSync(join(found!, 'phontab'))).toBe(true);
    expect(await findEspeakData({ VOXLATE_ESPEAK_DATA: found! })).toBe(found);
    expect(
      espeakDataFromVersion('eSpeak NG text-to-speech: 1.51  Data at: /usr/lib/aarch64-linux-gnu/espeak-ng-data\n'),
    ).toBe('/usr/lib/aarch64-linux-gnu/espeak-ng-data');
    expect(
      espeakDataFromDpkg(
        '/.\n/usr/lib/aarch64-linux-gnu/espeak-ng-data\n/usr/share/doc/espeak-ng-data\n/usr/lib/x/phontab\n',
      ),
    ).toEqual(['/usr/lib/aarch64-linux-gnu/espeak-ng-data']);
  });

  it('refuses clearly, without crashing, text that gives the voice nothing to say', async () => {
    // A voice whose eSpeak NG voice does not exist phonemises everything to nothing.
    const model = catalogModel('piper-ita')!;
    await writeTinyPiper(join(root, model.repo), { espeakVoice: 'zz-none', modelFile: model.files[0]! });
    await manager.adopt('piper-ita');
    const withItalian = new RegistryResolver(defaultRegistries(manager));
    const piper = await withItalian.synthesiser('ita', 'piper');
    await expect(piper.synthesise('Ciao a tutti.', 'ita', {})).rejects.toThrow(
      /Piper ita voice cannot say "Ciao a tutti\.": its phonemiser gave nothing to say/,
    );
    expect((await piper.synthesise('Ciao.', 'eng', {})).audio.samples.length).toBeGreaterThan(0);
    await withItalian.close();
  });

  it('stops when cancelled', async () => {
    const piper = await resolver.synthesiser('eng');
    await expect(piper.synthesise('Hello.', 'eng', { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(Cancelled);
  });
});
