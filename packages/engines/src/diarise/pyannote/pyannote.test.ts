import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancelled, concatSamples } from '@voxlate/core';
import { ModelManager, PYANNOTE_SEGMENTATION, SPEAKER_EMBEDDING } from '@voxlate/models';
import { writeTinyPyannote, writeTinySpeakerEmbedding } from '@voxlate/tiny-models';
import { defaultRegistries } from '../../neural-registries.js';
import { RegistryResolver } from '../../registry-resolver.js';
import { analysisAudioOfSamples } from '../../test/audio-fixtures.js';
import { tone } from '../../test/synthetic-voice.js';

/**
 * pyannote diarisation through sherpa-onnx in its child process, on tiny random-weight models
 * written in the files and metadata real downloads carry. The tiny segmentation hears "speaker
 * one" at 150 Hz and "speaker two" at 600 Hz; it proves windowing, decoding, the child process
 * and the mapping onto the pipeline's spans, nothing about real voices.
 */
const RATE = 16000;
const root = mkdtempSync(join(tmpdir(), 'voxlate-tiny-pyannote-'));
const manager = new ModelManager({ root, hubBase: 'http://127.0.0.1:9', offline: true });
const resolver = new RegistryResolver(defaultRegistries(manager));

beforeAll(async () => {
  await writeTinyPyannote(join(manager.folderOf(PYANNOTE_SEGMENTATION), PYANNOTE_SEGMENTATION.files[0]!));
  await writeTinySpeakerEmbedding(join(manager.folderOf(SPEAKER_EMBEDDING), SPEAKER_EMBEDDING.files[0]!));
  await manager.adopt(PYANNOTE_SEGMENTATION.id);
  await manager.adopt(SPEAKER_EMBEDDING.id);
});
afterAll(async () => {
  await resolver.close();
  rmSync(root, { recursive: true, force: true });
});

const silence = (seconds: number): Float32Array => new Float32Array(Math.round(seconds * RATE));

/** Turns of 1.5 s at the given tones, 0.5 s apart; the spans are where each one sounds. */
function scene(tones: readonly number[]): {
  audio: ReturnType<typeof analysisAudioOfSamples>;
  spans: { start: number; end: number }[];
} {
  const parts: Float32Array[] = [silence(0.5)];
  const spans: { start: number; end: number }[] = [];
  let time = 0.5;
  for (const hertz of tones) {
    parts.push(tone(hertz, 1.5, RATE, 0.3), silence(0.5));
    spans.push({ start: time, end: time + 1.5 });
    time += 2;
  }
  return { audio: analysisAudioOfSamples(concatSamples(parts)), spans };
}

describe('pyannote diarisation on tiny models', () => {
  it('is chosen once both models are installed', async () => {
    expect((await resolver.diariser()).id).toBe('pyannote');
    expect((await resolver.diariser('bic-clustering')).id).toBe('bic-clustering');
  });

  it('labels each stretch with the voice heard in it when told there are two', async () => {
    const { audio, spans } = scene([150, 600, 150, 600]);
    const diariser = await resolver.diariser();
    const turns = await diariser.diarise(audio, spans, { speakers: 2 }, {});
    expect(turns.map((turn) => turn.speaker)).toEqual([0, 1, 0, 1]);
    for (const [i, turn] of turns.entries()) {
      expect(turn.start).toBeCloseTo(spans[i]!.start, 6);
      expect(turn.end).toBeCloseTo(spans[i]!.end, 6);
    }
  });

  it('gives one speaker for one voice', async () => {
    const { audio, spans } = scene([150, 150, 150]);
    const turns = await (await resolver.diariser()).diarise(audio, spans, {}, {});
    expect(new Set(turns.map((turn) => turn.speaker))).toEqual(new Set([0]));
  });

  it('stops at once when cancelled, with Cancelled', async () => {
    const { audio, spans } = scene(Array.from({ length: 40 }, (_, i) => (i % 2 ? 150 : 600)));
    const controller = new AbortController();
    const run = (await resolver.diariser()).diarise(audio, spans, { speakers: 2 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(run).rejects.toBeInstanceOf(Cancelled);
  });
});
