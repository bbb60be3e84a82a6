import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancelled, type AudioSource } from '@voxlate/core';
import { ModelManager, catalogModel } from '@voxlate/models';
import { tinyWhisperToneFor, writeTinyWhisper } from '@voxlate/tiny-models';
import { defaultRegistries } from '../../neural-registries.js';
import { RegistryResolver } from '../../registry-resolver.js';
import { LIBRIVOX_0880, analysisAudioOf } from '../../test/audio-fixtures.js';
import { longestPlausible } from './word-times.js';
import { loadLocalPipeline } from '../../neural/local-pipeline.js';
import { Tensor } from '@huggingface/transformers';

/**
 * The Whisper engine on tiny random-weight models written by the repo, in the folders and
 * manifest real downloads use. They prove loading, language forcing, word timestamps and
 * language detection run through the production code; they say nothing about accuracy.
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-tiny-whisper-'));
const manager = new ModelManager({ root, hubBase: 'http://127.0.0.1:9', offline: true });
const resolver = new RegistryResolver(defaultRegistries(manager));

beforeAll(async () => {
  // base has no <|yue|> (as the real one); turbo has it (as large-v3 and turbo do).
  await writeTinyWhisper(join(root, catalogModel('whisper-base')!.repo), { seed: 5 });
  await manager.adopt('whisper-base');
  // turbo's last word runs away to 22 s (as reported for large-v3-turbo_timestamped).
  await writeTinyWhisper(join(root, catalogModel('whisper-large-v3-turbo')!.repo), {
    seed: 6,
    cantonese: true,
    lastWordFrame: 1100,
  });
  await manager.adopt('whisper-large-v3-turbo');
  // small as the plain export (no cross-attention outputs): what a user gets from onnx-community/whisper-small.
  await writeTinyWhisper(join(root, catalogModel('whisper-small')!.repo), { seed: 7, crossAttentions: false });
  await manager.adopt('whisper-small');
});
afterAll(async () => {
  await resolver.close();
  rmSync(root, { recursive: true, force: true });
});

describe('Whisper on tiny models', () => {
  it('outranks pocketsphinx once installed, the bigger model first, and can be named', async () => {
    expect((await resolver.recogniser('eng')).id).toBe('whisper-large-v3-turbo');
    expect((await resolver.recogniser('eng', 'whisper-base')).id).toBe('whisper-base');
    expect((await resolver.recogniser('eng', 'pocketsphinx')).id).toBe('pocketsphinx');
    expect((await resolver.recogniser('jpn')).id).toBe('whisper-large-v3-turbo');
  });

  it('offers Cantonese only from a model with a <|yue|> token', async () => {
    expect((await resolver.recogniser('yue')).id).toBe('whisper-large-v3-turbo');
    await expect(resolver.recogniser('yue', 'whisper-base')).rejects.toThrow(/Cantonese/);
    const base = await resolver.recogniser('cmn', 'whisper-base');
    expect(base.languages).toContain('cmn');
    expect(base.languages).not.toContain('yue');
  });

  it('transcribes spans packed into one window, each word back inside its span', async () => {
    const whisper = await resolver.recogniser('eng', 'whisper-base');
    const speech = analysisAudioOf(LIBRIVOX_0880);
    const spans = [
      { start: 0.2, end: 2.2 },
      { start: 2.4, end: 2.6 },
    ];
    const progress: number[] = [];
    const warnings: string[] = [];
    const results = await whisper.recognise(speech, spans, 'eng', {
      onProgress: (done) => progress.push(done),
      warn: (message) => warnings.push(message),
    });
    expect(progress).toEqual([1]);
    expect(warnings).toEqual([]);
    expect(results.flatMap((result) => result.words).some((word) => word.approximate)).toBe(false);
    expect(results).toHaveLength(2);
    expect(results[0]!.words.length).toBeGreaterThan(1);
    for (const [i, result] of results.entries()) {
      expect(result.words.map((word) => word.text).join(' ')).toBe(result.text);
      for (const [j, word] of result.words.entries()) {
        expect(word.start).toBeGreaterThanOrEqual(spans[i]!.start);
        expect(word.end).toBeLessThanOrEqual(spans[i]!.end);
        expect(word.end).toBeGreaterThanOrEqual(word.start);
        if (j > 0) expect(word.start).toBeGreaterThanOrEqual(result.words[j - 1]!.start);
      }
    }
    const [toneText] = await whisper.recognise(
      toneAudio(tinyWhisperToneFor('fr'), 2),
      [{ start: 0, end: 2 }],
      'fra',
      {},
    );
    expect(toneText!.text).not.toBe(results[0]!.text);
  });

  it('gives each word the mean probability of its tokens, as the model scores them in one teacher-forced pass', async () => {
    const whisper = await resolver.recogniser('eng', 'whisper-base');
    const speech = analysisAudioOf(LIBRIVOX_0880);
    const [result] = await whisper.recognise(speech, [{ start: 0.2, end: 2.2 }], 'eng', {});
    const words = result!.words;
    expect(words.length).toBeGreaterThan(1);
    // The same window (the span from its start, one sample more), the prompt, <|0.00|> and the words' tokens at once.
    const asr = await loadLocalPipeline('automatic-speech-recognition', catalogModel('whisper-base')!.repo, manager);
    try {
      const samples = new Float32Array(32001);
      samples.set(await speech.read(0.2, 2.2));
      const { input_features } = (await asr.processor(samples)) as { input_features: Tensor };
      const config = (asr.model as unknown as { generation_config: Record<string, unknown> }).generation_config;
      const eot = config['eos_token_id'] as number;
      const prompt = [
        config['decoder_start_token_id'] as number,
        (config['lang_to_id'] as Record<string, number>)['<|en|>']!,
        (config['task_to_id'] as Record<string, number>)['transcribe']!,
        (config['no_timestamps_token_id'] as number) + 1,
      ];
      // The tiny vocabulary's words are whole tokens (a leading space is Ġ), a full stop one more.
      const tokensOf = words.map((word) =>
        asr.tokenizer.convert_tokens_to_ids(
          word.text.endsWith('.') ? [`Ġ${word.text.slice(0, -1)}`, '.'] : [`Ġ${word.text}`],
        ),
      );
      const ids = [...prompt, ...tokensOf.flat()];
      const decoderInput = new Tensor('int64', BigInt64Array.from(ids.map(BigInt)), [1, ids.length]);
      const { logits } = (await asr.model({ input_features, decoder_input_ids: decoderInput })) as { logits: Tensor };
      const vocabulary = logits.dims[2]!;
      const data = logits.data as Float32Array;
      const probability = (position: number): number => {
        const row = data.subarray((position - 1) * vocabulary, (position - 1) * vocabulary + eot);
        const max = Math.max(...row);
        const total = row.reduce((sum, value) => sum + Math.exp(value - max), 0);
        return Math.exp(row[ids[position]!]! - max) / total;
      };
      let position = prompt.length;
      for (const [i, word] of words.entries()) {
        const own = tokensOf[i]!.map(() => probability(position++));
        const expected = own.reduce((sum, p) => sum + p, 0) / own.length;
        expect(word.confidence).toBeCloseTo(expected, 2);
      }
      // The tiny model is not equally sure of every word: the figure is the model's, not a constant.
      expect(new Set(words.map((word) => word.confidence)).size).toBeGreaterThan(1);
    } finally {
      await asr.dispose();
    }
  });

  it('falls back to segment timestamps, with a warning, for a model exported without cross-attentions', async () => {
    const whisper = await resolver.recogniser('eng', 'whisper-small');
    const spans = [
      { start: 0.2, end: 2.2 },
      { start: 2.4, end: 3.4 },
    ];
    for (let run = 0; run < 2; run++) {
      const warnings: string[] = [];
      const results = await whisper.recognise(analysisAudioOf(LIBRIVOX_0880), spans, 'eng', {
        warn: (message) => warnings.push(message),
      });
      // Each run is told, once.
      expect(warnings).toEqual([expect.stringMatching(/without cross-attentions.*spread over each sentence/)]);
      const words = results.flatMap((result) => result.words);
      expect(words.length).toBeGreaterThan(1);
      expect(words.every((word) => word.approximate)).toBe(true);
      for (const [i, result] of results.entries()) {
        expect(result.words.map((word) => word.text).join(' ')).toBe(result.text);
        for (const word of result.words) {
          expect(word.start).toBeGreaterThanOrEqual(spans[i]!.start);
          expect(word.end).toBeLessThanOrEqual(spans[i]!.end);
          expect(word.end).toBeGreaterThan(word.start);
        }
      }
    }
  });

  it('clamps and flags word times that run away from their speech', async () => {
    const whisper = await resolver.recogniser('eng', 'whisper-large-v3-turbo');
    const span = { start: 1, end: 25 };
    const warnings: string[] = [];
    const [result] = await whisper.recognise(toneAudio(300, 26), [span], 'eng', {
      warn: (message) => warnings.push(message),
    });
    const words = result!.words;
    expect(words.length).toBeGreaterThan(1);
    for (const [j, word] of words.entries()) {
      expect(word.start).toBeGreaterThanOrEqual(span.start);
      expect(word.end).toBeLessThanOrEqual(span.end);
      expect(word.end - word.start).toBeLessThanOrEqual(longestPlausible(word.text) + 1e-9);
      if (j > 0) expect(word.start).toBeGreaterThanOrEqual(words[j - 1]!.start);
    }
    expect(words.some((word) => word.approximate)).toBe(true);
    expect(warnings).toEqual([expect.stringMatching(/word times from Whisper large-v3-turbo .* clamped/)]);
  });

  it('opens a new window when the spans would not fit in one', async () => {
    const whisper = await resolver.recogniser('eng', 'whisper-base');
    const spans = [
      { start: 0, end: 10 },
      { start: 12, end: 22 },
      { start: 24, end: 34 },
    ];
    const progress: number[] = [];
    const results = await whisper.recognise(toneAudio(300, 35), spans, 'eng', {
      onProgress: (done) => progress.push(done),
    });
    expect(progress).toEqual([1, 2]);
    // The tiny model says its words in the first second of each window: the first span of each.
    expect(results.map((result) => result.text !== '')).toEqual([true, false, true]);
    expect(results[2]!.words[0]!.start).toBeGreaterThanOrEqual(24);
  });

  it('keeps Chinese and Japanese spans in windows of their own (their words are clause-long)', async () => {
    const whisper = await resolver.recogniser('jpn', 'whisper-base');
    const spans = [
      { start: 0, end: 1 },
      { start: 1.5, end: 2.5 },
    ];
    const progress: number[] = [];
    const results = await whisper.recognise(toneAudio(300, 3), spans, 'jpn', {
      onProgress: (done) => progress.push(done),
    });
    expect(progress).toEqual([1, 2]);
    expect(results.every((result) => result.text !== '')).toBe(true);
  });

  it('stops when cancelled', async () => {
    const whisper = await resolver.recogniser('eng', 'whisper-base');
    const audio = toneAudio(300, 1);
    await expect(
      whisper.recognise(audio, [{ start: 0, end: 1 }], 'eng', { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(Cancelled);
  });

  it.each([
    ['fr', 'fra'],
    ['ja', 'jpn'],
    ['el', 'ell'],
  ])('detects the language the model hears (tiny model: tone for <|%s|> -> %s)', async (token, expected) => {
    const detector = (await resolver.languageDetector())!;
    expect(detector.id).toBe('whisper-large-v3-turbo');
    const audio = toneAudio(tinyWhisperToneFor(token), 3);
    const guess = await detector.detectLanguage(audio, [{ start: 0.5, end: 2.5 }], {});
    expect(guess.language).toBe(expected);
    expect(guess.probability).toBeGreaterThan(0.5);
    expect(guess.probability).toBeLessThanOrEqual(1);
  });

  it('detects Cantonese as yue, not as Mandarin, where the model knows it', async () => {
    const turbo = (await resolver.languageDetector('whisper-large-v3-turbo'))!;
    const audio = toneAudio(tinyWhisperToneFor('yue'), 2);
    expect((await turbo.detectLanguage(audio, [{ start: 0, end: 2 }], {})).language).toBe('yue');
    const base = (await resolver.languageDetector('whisper-base'))!;
    expect(base.id).toBe('whisper-base');
    expect((await base.detectLanguage(audio, [{ start: 0, end: 2 }], {})).language).not.toBe('yue');
  });
});

/** A pure tone as analysis audio (the tiny model's language scores follow the loudest mel band). */
function toneAudio(hertz: number, seconds: number): AudioSource {
  const samples = Float32Array.from(
    { length: Math.round(seconds * 16000) },
    (_, i) => 0.3 * Math.sin((2 * Math.PI * hertz * i) / 16000),
  );
  return {
    path: '/dev/null',
    sampleRate: 16000,
    duration: seconds,
    read: (start, end) => Promise.resolve(samples.slice(Math.round(start * 16000), Math.round(end * 16000))),
    async *chunks() {
      yield await Promise.resolve(samples);
    },
  };
}
