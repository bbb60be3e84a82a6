import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancelled, EngineUnavailable, type VoiceCloner } from '@voxlate/core';
import { ModelManager, POCKET_TTS } from '@voxlate/models';
import { TINY_POCKET_BANDS_HZ, writeTinyPocket } from '@voxlate/tiny-models';
import { startLoopbackHub, type LoopbackHub } from '../../../../models/src/test/loopback-hub.js';
import { defaultRegistries } from '../../neural-registries.js';
import { lowBandShare, steadyVoice } from '../../test/synthetic-voice.js';
import { RegistryResolver } from '../../registry-resolver.js';

/**
 * Pocket TTS through sherpa-onnx's native addon on a tiny model in the release's layout,
 * installed by the model manager from a loopback hub that serves like huggingface.co. The tiny
 * model copies only the reference's band energies: it proves the reference reaches the voice,
 * the text sets the length and the seed makes a line repeatable; nothing about how it sounds.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-tiny-pocket-'));
let hub: LoopbackHub;
let resolver: RegistryResolver;

beforeAll(async () => {
  const published = join(dir, 'published');
  await writeTinyPocket(published);
  const files = Object.fromEntries(
    readdirSync(published, { recursive: true })
      .map((name) => join(published, String(name)))
      .filter((path) => statSync(path).isFile())
      .map((path) => [relative(published, path), readFileSync(path)]),
  );
  hub = await startLoopbackHub({ repos: { [POCKET_TTS.repo]: files } });
  const manager = new ModelManager({ root: join(dir, 'models'), hubBase: hub.url, offline: false });
  await manager.add(POCKET_TTS.id);
  resolver = new RegistryResolver(defaultRegistries(manager));
});
afterAll(async () => {
  await resolver.close();
  await hub.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Pocket TTS on a tiny model installed from the hub double', () => {
  it('is the English voice cloner once installed, and clones no other language', async () => {
    const cloner = await resolver.voiceCloner('eng');
    expect(cloner?.id).toBe('pocket-tts');
    expect(await resolver.voiceCloner('spa')).toBeUndefined();
    expect(await resolver.voiceCloner('eng', 'pocket-tts')).toBe(cloner);
    // A fresh machine: no Pocket model, no cloner.
    const empty = new RegistryResolver(
      defaultRegistries(new ModelManager({ root: join(dir, 'none'), hubBase: hub.url, offline: true })),
    );
    expect(await empty.voiceCloner('eng')).toBeUndefined();
  });

  it('speaks in the voice of the reference: a low voice gives a low clone, a high one a high clone', async () => {
    const cloner = (await resolver.voiceCloner('eng')) as VoiceCloner;
    const text = 'Hello and welcome back to the channel.';
    const low = await cloner.clone(text, 'eng', { audio: steadyVoice(110) }, {}, { seed: 1 });
    const high = await cloner.clone(text, 'eng', { audio: steadyVoice(240) }, {}, { seed: 1 });
    expect(low.audio.sampleRate).toBe(24000);
    expect(lowBandShare(low.audio, TINY_POCKET_BANDS_HZ)).toBeGreaterThan(0.8);
    expect(lowBandShare(high.audio, TINY_POCKET_BANDS_HZ)).toBeLessThan(0.2);
  });

  it('lets the text set the length, and repeats a line exactly with the same seed', async () => {
    const cloner = (await resolver.voiceCloner('eng')) as VoiceCloner;
    const reference = { audio: steadyVoice(150) };
    const short = await cloner.clone('Hi.', 'eng', reference, {}, { seed: 3 });
    const long = await cloner.clone(
      'Hi there, and thank you all for watching this.',
      'eng',
      reference,
      {},
      { seed: 3 },
    );
    const again = await cloner.clone(
      'Hi there, and thank you all for watching this.',
      'eng',
      reference,
      {},
      { seed: 3 },
    );
    expect(long.audio.samples.length).toBeGreaterThan(3 * short.audio.samples.length);
    expect(again.audio.samples).toEqual(long.audio.samples);
    const otherSeed = await cloner.clone(
      'Hi there, and thank you all for watching this.',
      'eng',
      reference,
      {},
      { seed: 4 },
    );
    expect(otherSeed.audio.samples).not.toEqual(long.audio.samples);
  });

  it('refuses a reference too short to copy a voice from, and stops when cancelled', async () => {
    const cloner = (await resolver.voiceCloner('eng')) as VoiceCloner;
    await expect(cloner.clone('Hello.', 'eng', { audio: steadyVoice(150, 1) }, {})).rejects.toThrow(EngineUnavailable);
    await expect(cloner.clone('Hello.', 'eng', { audio: steadyVoice(150, 1) }, {})).rejects.toThrow(
      /needs at least 2 s of the speaker's voice; the reference has 1.0 s/,
    );
    const abort = new AbortController();
    abort.abort();
    await expect(cloner.clone('Hello.', 'eng', { audio: steadyVoice(150) }, { signal: abort.signal })).rejects.toThrow(
      Cancelled,
    );
  });
});
