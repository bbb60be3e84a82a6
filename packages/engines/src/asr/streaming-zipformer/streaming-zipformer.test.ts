import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatSamples, EngineUnavailable, type LiveRecognition } from '@voxlate/core';
import { ModelManager, STREAMING_ZIPFORMERS } from '@voxlate/models';
import { TINY_ZIPFORMER_TONES_HZ, writeTinyStreamingZipformer } from '@voxlate/tiny-models';
import { startLoopbackHub, type LoopbackHub } from '../../../../models/src/test/loopback-hub.js';
import { defaultRegistries } from '../../neural-registries.js';
import { RegistryResolver } from '../../registry-resolver.js';
import { tone } from '../../test/synthetic-voice.js';

/**
 * The streaming Zipformer live recogniser through sherpa-onnx's OnlineRecognizer, on a tiny
 * Zipformer2 transducer in the published layout (cached-state encoder, decoder, joiner, tokens)
 * installed by the model manager from the loopback hub. The tiny model hears two "words", tones
 * at 400 Hz (LOW) and 2500 Hz (HIGH, two word pieces); it proves the streaming decode, the
 * partials, the pieces into timed words and the process around it, nothing about speech.
 */
const RATE = 16000;
const ENGLISH = STREAMING_ZIPFORMERS['eng']!;
const FILES = {
  encoder: ENGLISH.files[0]!,
  decoder: ENGLISH.files[1]!,
  joiner: ENGLISH.files[2]!,
  tokens: ENGLISH.files[3]!,
};
const dir = mkdtempSync(join(tmpdir(), 'voxlate-tiny-zipformer-'));
let hub: LoopbackHub;
let resolver: RegistryResolver;

beforeAll(async () => {
  const published = join(dir, 'published');
  await writeTinyStreamingZipformer(published, FILES);
  const files = Object.fromEntries(readdirSync(published).map((name) => [name, readFileSync(join(published, name))]));
  hub = await startLoopbackHub({ repos: { [ENGLISH.repo]: files } });
  const manager = new ModelManager({ root: join(dir, 'models'), hubBase: hub.url, offline: false });
  await manager.add(ENGLISH.id);
  resolver = new RegistryResolver(defaultRegistries(manager));
});
afterAll(async () => {
  await resolver.close();
  await hub.close();
  rmSync(dir, { recursive: true, force: true });
});

const silence = (seconds: number): Float32Array => new Float32Array(Math.round(seconds * RATE));
const low = (seconds: number): Float32Array => tone(TINY_ZIPFORMER_TONES_HZ.low, seconds, RATE, 0.3);
const high = (seconds: number): Float32Array => tone(TINY_ZIPFORMER_TONES_HZ.high, seconds, RATE, 0.3);

/** Feeds a line in 60 ms frames, as a live client sends them, and waits between frames for partials. */
async function feedLine(recognition: LiveRecognition, samples: Float32Array): Promise<void> {
  recognition.startLine();
  for (let i = 0; i < samples.length; i += 960) {
    recognition.feed(samples.subarray(i, i + 960));
    if (i % (960 * 8) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the streaming Zipformer live recogniser on a tiny model from the hub double', () => {
  it('takes over live English once installed; the offline one stays on call by name', async () => {
    expect((await resolver.liveRecogniser('eng')).id).toBe('streaming-zipformer');
    expect((await resolver.liveRecogniser('eng', 'pocketsphinx-live')).id).toBe('pocketsphinx-live');
    // Only the English model is installed: Mandarin is refused with what is installed.
    await expect(resolver.liveRecogniser('cmn')).rejects.toThrow(/streaming-zipformer \(English\)/);
    const fresh = new RegistryResolver(
      defaultRegistries(new ModelManager({ root: join(dir, 'none'), hubBase: hub.url, offline: true })),
    );
    expect((await fresh.liveRecogniser('eng')).id).toBe('pocketsphinx-live');
  });

  it('decodes as the audio arrives: partials while the line is fed, then its words timed from the line start', async () => {
    const partials: string[] = [];
    const recognition = await (await resolver.liveRecogniser('eng')).open('eng', {}, (text) => partials.push(text));
    try {
      // LOW at 0.3 s, HIGH at 1.1 s, LOW at 1.9 s.
      const line = concatSamples([
        silence(0.3),
        low(0.5),
        silence(0.3),
        high(0.5),
        silence(0.3),
        low(0.5),
        silence(0.2),
      ]);
      await feedLine(recognition, line);
      const span = await recognition.endLine();
      expect(span.text).toBe('low high low');
      expect(span.words.map((word) => word.text)).toEqual(['low', 'high', 'low']);
      span.words.forEach((word, i) => {
        expect(word.start).toBeGreaterThan([0.3, 1.1, 1.9][i]! - 0.1);
        expect(word.start).toBeLessThan([0.3, 1.1, 1.9][i]! + 0.1);
        expect(word.end).toBeGreaterThan(word.start);
        expect(word.confidence).toBeGreaterThan(0.5);
        expect(word.confidence).toBeLessThanOrEqual(1);
      });
      expect(span.words.at(-1)!.end).toBeLessThanOrEqual(line.length / RATE);
      // The words came one by one while the line was still arriving, lower-cased as the final is.
      expect(partials.slice(0, 3)).toEqual(['low', 'low high', 'low high low']);
    } finally {
      await recognition.close();
    }
  });

  it('starts each line from a clean state: a line may begin with the word the one before ended on', async () => {
    const recognition = await (await resolver.liveRecogniser('eng')).open('eng', {}, () => undefined);
    try {
      await feedLine(recognition, concatSamples([silence(0.2), high(0.4), silence(0.2), low(0.4), silence(0.2)]));
      const first = await recognition.endLine();
      await feedLine(recognition, concatSamples([silence(0.2), low(0.4), silence(0.2)]));
      const second = await recognition.endLine();
      expect([first.text, second.text]).toEqual(['high low', 'low']);
      expect(second.words[0]!.start).toBeLessThan(0.35);
      // A line of silence is a line of no words.
      await feedLine(recognition, silence(0.6));
      expect(await recognition.endLine()).toEqual({ text: '', words: [] });
    } finally {
      await recognition.close();
    }
  });

  it('refuses a broken model with a clear error instead of taking the process down', async () => {
    const broken = new ModelManager({ root: join(dir, 'broken'), hubBase: hub.url, offline: false });
    await broken.add(ENGLISH.id);
    // A truncated encoder, as an interrupted copy by hand would leave it.
    const encoder = join(broken.folderOf(ENGLISH), FILES.encoder);
    writeFileSync(encoder, readFileSync(encoder).subarray(0, 200));
    const engine = await new RegistryResolver(defaultRegistries(broken)).liveRecogniser('eng');
    const opening = engine.open('eng', {}, () => undefined);
    await expect(opening).rejects.toBeInstanceOf(EngineUnavailable);
    await expect(opening).rejects.toThrow(/streaming Zipformer decoder stopped/);
  });

  it('stops its process when the session is cancelled; a line asked for afterwards is refused', async () => {
    const controller = new AbortController();
    const recognition = await (
      await resolver.liveRecogniser('eng')
    ).open('eng', { signal: controller.signal }, () => undefined);
    await feedLine(recognition, low(0.5));
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(recognition.endLine()).rejects.toThrow(/stopped/);
  });
});
