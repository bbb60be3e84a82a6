import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PcmAudio } from '@voxlate/core';
import { ModelManager, SPEAKER_EMBEDDING } from '@voxlate/models';
import { writeTinySpeakerEmbedding } from '@voxlate/tiny-models';
import { loadSpeakerVerifier } from '../../index.js';

/**
 * The speaker verifier through sherpa-onnx on a tiny CAM++ in the real export's layout: it
 * proves the plumbing (features, pooling, cosine), not that it tells real voices apart.
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-verifier-'));
const manager = new ModelManager({ root, hubBase: 'http://127.0.0.1:9', offline: true });

beforeAll(async () => {
  await writeTinySpeakerEmbedding(join(manager.folderOf(SPEAKER_EMBEDDING), SPEAKER_EMBEDDING.files[0]!));
  await manager.adopt(SPEAKER_EMBEDDING.id);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function buzz(hz: number, seed: number, seconds = 2): PcmAudio {
  const samples = new Float32Array(seconds * 16000);
  let state = seed;
  for (let i = 0; i < samples.length; i++) {
    state = (state * 1664525 + 1013904223) >>> 0;
    const wobble = 1 + 0.05 * Math.sin((2 * Math.PI * i) / 4000);
    samples[i] = 0.2 * Math.sign(Math.sin((2 * Math.PI * hz * wobble * i) / 16000)) + 0.01 * (state / 2 ** 32 - 0.5);
  }
  return { samples, sampleRate: 16000 };
}

describe('the CAM++ speaker verifier', () => {
  it('is there only when the model is installed', async () => {
    const none = new ModelManager({ root: join(root, 'none'), hubBase: 'http://127.0.0.1:9', offline: true });
    expect(await loadSpeakerVerifier(none)).toBeUndefined();
    expect(await loadSpeakerVerifier(manager)).toBeDefined();
  });

  it('scores a voice against itself 1 and against a different one lower', async () => {
    const verifier = (await loadSpeakerVerifier(manager))!;
    const low = buzz(110, 1);
    expect(verifier.likeness(low, low)).toBeCloseTo(1, 5);
    expect(verifier.likeness(low, buzz(110, 2))).toBeGreaterThan(verifier.likeness(low, buzz(260, 2)));
    expect(verifier.embed(low)).toHaveLength(192);
  });

  it('says when the audio is too short to embed', async () => {
    const verifier = (await loadSpeakerVerifier(manager))!;
    expect(() => verifier.embed({ samples: new Float32Array(100), sampleRate: 16000 })).toThrow(
      /too short for a speaker embedding/,
    );
  });
});
