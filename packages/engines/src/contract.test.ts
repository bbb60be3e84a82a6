import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Cancelled, LANGUAGE_CODES, wordErrorRate, type LanguagePair } from '@voxlate/core';
import { ModelManager, catalogModel } from '@voxlate/models';
import {
  writeTinyKokoro,
  writeTinyMarian,
  writeTinyMdx,
  writeTinyNllb,
  writeTinyPiper,
  writeTinyVits,
  writeTinyWhisper,
} from '@voxlate/tiny-models';
import { defaultRegistries } from './neural-registries.js';
import { RegistryResolver } from './registry-resolver.js';
import { LIBRIVOX_0880, LIBRIVOX_0880_TEXT, analysisAudioOf, silentAnalysisAudio } from './test/audio-fixtures.js';

/**
 * The contract every engine of a task must keep, run on every engine of every registry: the
 * offline ones and the neural ones, installed here as tiny random-weight models. A new engine is
 * covered by registering it. Accuracy checks apply to offline engines only: a tiny model's
 * output is random by design and says nothing about the real model's quality.
 */
const modelsRoot = mkdtempSync(join(tmpdir(), 'voxlate-contract-models-'));
const registries = defaultRegistries(await installTinyModels(modelsRoot));
const resolver = new RegistryResolver(registries);
afterAll(async () => {
  await resolver.close();
  rmSync(modelsRoot, { recursive: true, force: true });
});

async function installTinyModels(root: string): Promise<ModelManager> {
  const manager = new ModelManager({ root, hubBase: 'http://127.0.0.1:9', offline: true });
  const folder = (id: string): string => join(root, catalogModel(id)!.repo);
  await writeTinyWhisper(folder('whisper-tiny'), { cantonese: true });
  await writeTinyNllb(folder('nllb-200-distilled-600M'));
  await writeTinyVits(folder('mms-tts-eng'));
  await writeTinyVits(folder('mms-tts-spa'), { seed: 9 });
  await writeTinyPiper(folder('piper-deu'), { espeakVoice: 'de', modelFile: catalogModel('piper-deu')!.files[0]! });
  await writeTinyKokoro(folder('kokoro-eng'), ['af_heart']);
  await writeTinyMarian(folder('opus-mt-eng-fra'));
  await writeTinyMdx(join(folder('mdx-kim-vocal-2'), 'Kim_Vocal_2.onnx'));
  const ids = [
    'whisper-tiny',
    'nllb-200-distilled-600M',
    'opus-mt-eng-fra',
    'mms-tts-eng',
    'mms-tts-spa',
    'piper-deu',
    'kokoro-eng',
    'mdx-kim-vocal-2',
  ];
  for (const id of ids) await manager.adopt(id);
  return manager;
}

const aborted = (): AbortSignal => AbortSignal.abort();

describe.each(await registries.vad.installedIds())('voice activity contract: %s', (id) => {
  it('finds speech in a recording and none in silence', async () => {
    const vad = await registries.vad.get(id);
    const speech = await vad.detect(analysisAudioOf(LIBRIVOX_0880), {});
    const silence = await vad.detect(silentAnalysisAudio(3), {});
    expect(speech.speech.reduce((a, b) => a + b, 0) * speech.frameSeconds).toBeGreaterThan(1);
    expect(silence.speech.reduce((a, b) => a + b, 0)).toBe(0);
    await expect(vad.detect(silentAnalysisAudio(1), { signal: aborted() })).rejects.toBeInstanceOf(Cancelled);
  });
});

describe.each(await registries.asr.installedIds())('recogniser contract: %s', (id) => {
  it('returns one result per span, with words inside their span, close to the reference', async () => {
    const recogniser = await registries.asr.get(id);
    const audio = analysisAudioOf(LIBRIVOX_0880);
    const spans = [
      { start: 0, end: audio.duration },
      { start: 0.5, end: 0.6 },
    ];
    const results = await recogniser.recognise(audio, spans, recogniser.languages[0]!, {});
    expect(results).toHaveLength(2);
    expect(results[0]!.text).not.toBe('');
    if (recogniser.kind === 'offline') expect(wordErrorRate(LIBRIVOX_0880_TEXT, results[0]!.text)).toBeLessThan(0.6);
    for (const [i, result] of results.entries()) {
      for (const word of result.words) {
        expect(word.start).toBeGreaterThanOrEqual(spans[i]!.start - 1e-6);
        expect(word.end).toBeLessThanOrEqual(spans[i]!.end + 0.02);
        expect(word.end).toBeGreaterThanOrEqual(word.start);
      }
    }
    await expect(recogniser.recognise(audio, spans, 'eng', { signal: aborted() })).rejects.toBeInstanceOf(Cancelled);
  });
});

describe.each(await registries.mt.installedIds())('translator contract: %s', (id) => {
  const samplePairs: LanguagePair[] = LANGUAGE_CODES.filter((code) => code !== 'eng').map((target) => ({
    source: 'eng',
    target,
  }));

  it('translates every pair it claims, with the quality it claims and no markup', async () => {
    const translator = await registries.mt.get(id);
    const claimed = samplePairs.filter((pair) => translator.qualityFor(pair) !== undefined);
    expect(claimed.length).toBeGreaterThan(0);
    for (const pair of claimed) {
      const result = await translator.translate(
        { text: 'The house is very old and the weather is nice today.' },
        pair,
        {},
      );
      expect(result.text.trim(), `${pair.source}->${pair.target}`).not.toBe('');
      expect(result.text).not.toBe('The house is very old and the weather is nice today.');
      expect(result.text).not.toMatch(/(^|\s)[*#@]\S/);
      expect(result.quality).toBe(translator.qualityFor(pair));
      expect(result.route.startsWith(pair.source)).toBe(true);
    }
    await expect(translator.translate({ text: 'Hello' }, claimed[0]!, { signal: aborted() })).rejects.toBeInstanceOf(
      Cancelled,
    );
  });
});

describe.each(await registries.tts.installedIds())('synthesiser contract: %s', (id) => {
  it.each([...LANGUAGE_CODES])('speaks %s with phoneme timings inside the audio', async (language) => {
    const synthesiser = await registries.tts.get(id);
    if (!synthesiser.languages.includes(language)) return;
    const text = SAMPLE_TEXT[language];
    const speech = await synthesiser.synthesise(text, language, {});
    const seconds = speech.audio.samples.length / speech.audio.sampleRate;
    expect(seconds).toBeGreaterThan(0.4);
    if (synthesiser.timings === 'phonemes') expect(speech.phonemes.length).toBeGreaterThan(3);
    else expect(speech.phonemes).toEqual([]);
    for (let i = 1; i < speech.phonemes.length; i++) {
      expect(speech.phonemes[i]!.start).toBeGreaterThanOrEqual(speech.phonemes[i - 1]!.start);
    }
    for (const phoneme of speech.phonemes) expect(phoneme.start).toBeLessThan(seconds + 0.05);
  });

  it('reads Chinese characters as Cantonese for yue and as Mandarin for cmn', async () => {
    const synthesiser = await registries.tts.get(id);
    if (!synthesiser.languages.includes('yue') || !synthesiser.languages.includes('cmn')) return;
    const yue = await synthesiser.synthesise('我係香港人', 'yue', {});
    const cmn = await synthesiser.synthesise('我係香港人', 'cmn', {});
    const phones = (speech: typeof yue): string => speech.phonemes.map((p) => p.phoneme).join(' ');
    expect(phones(yue)).not.toBe(phones(cmn));
    // Cantonese "hoeng1 gong2" (Hong Kong) has the rounded front vowel "oe" that Mandarin lacks.
    expect(phones(yue)).toMatch(/oe/);
    expect(phones(cmn)).not.toMatch(/oe/);
  });
});

describe.each(await registries.stretch.installedIds())('time stretch contract: %s', (id) => {
  it('shortens by the tempo and keeps the pitch', async () => {
    const stretcher = await registries.stretch.get(id);
    const sampleRate = 22050;
    const samples = Float32Array.from(
      { length: sampleRate * 2 },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * 200 * i) / sampleRate),
    );
    const out = await stretcher.stretch({ samples, sampleRate }, 1.25, {});
    expect(out.samples.length / samples.length).toBeCloseTo(0.8, 1);
    expect(dominantFrequency(out.samples.subarray(4000, 20000), sampleRate)).toBeCloseTo(200, -1);
    await expect(stretcher.stretch({ samples, sampleRate }, 1.2, { signal: aborted() })).rejects.toBeInstanceOf(
      Cancelled,
    );
  });
});

describe.each(await registries.separate.installedIds())('separator contract: %s', (id) => {
  it('splits a recording into two stems of its length that add up to it, and stops when cancelled', async () => {
    const separator = await registries.separate.get(id);
    const dir = mkdtempSync(join(modelsRoot, 'separate-'));
    const frames = Math.round(3.3 * separator.sampleRate);
    const mix = Float32Array.from(
      { length: frames * separator.channels },
      (_, i) => 0.3 * Math.sin(i / 7) * Math.sin(i / 997),
    );
    const path = join(dir, 'mix.f32le');
    writeFileSync(path, Buffer.from(mix.buffer));
    const input = { path, sampleRate: separator.sampleRate, channels: separator.channels, frames };
    const outputs = { voice: join(dir, 'voice.f32le'), background: join(dir, 'background.f32le') };
    const stems = await separator.separate(input, outputs, {});
    const read = (file: string): Float32Array => new Float32Array(readFileSync(file).buffer.slice(0));
    const [voice, background] = [read(stems.voice.path), read(stems.background.path)];
    expect([stems.voice.frames, stems.background.frames]).toEqual([frames, frames]);
    let worst = 0;
    for (let i = 0; i < mix.length; i++) worst = Math.max(worst, Math.abs(mix[i]! - voice[i]! - background[i]!));
    expect(worst).toBeLessThan(1e-5);
    await expect(separator.separate(input, outputs, { signal: aborted() })).rejects.toBeInstanceOf(Cancelled);
  });
});

/** Frequency from the zero-crossing rate: enough for a pure tone. */
function dominantFrequency(samples: Float32Array, sampleRate: number): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1]! < 0 && samples[i]! >= 0) crossings++;
  return (crossings * sampleRate) / samples.length;
}

const SAMPLE_TEXT: Record<(typeof LANGUAGE_CODES)[number], string> = {
  eng: 'Welcome back to the channel.',
  cmn: '欢迎回到我的频道。',
  yue: '歡迎返嚟我嘅頻道。',
  jpn: '私のチャンネルへようこそ。',
  kor: '제 채널에 다시 오신 것을 환영합니다.',
  fra: 'Bienvenue sur ma chaîne.',
  spa: 'Bienvenidos de nuevo al canal.',
  deu: 'Willkommen zurück auf meinem Kanal.',
  ita: 'Bentornati sul mio canale.',
  rus: 'С возвращением на мой канал.',
  ell: 'Καλώς ήρθατε ξανά στο κανάλι μου.',
};
