import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancelled, EngineUnavailable, type VoiceCloner } from '@voxlate/core';
import { CHATTERBOX_MULTILINGUAL, ModelManager } from '@voxlate/models';
import { TINY_CHATTERBOX_BANDS_HZ, writeTinyChatterbox } from '@voxlate/tiny-models';
import { startLoopbackHub, type LoopbackHub } from '../../../../models/src/test/loopback-hub.js';
import { defaultRegistries } from '../../neural-registries.js';
import { lowBandShare, steadyVoice } from '../../test/synthetic-voice.js';
import { RegistryResolver } from '../../registry-resolver.js';

/**
 * Chatterbox Multilingual's four graphs on a tiny model in the export's layout (each graph's
 * weights in its .onnx_data, the language model in float16 with a KV cache), installed by the
 * model manager from a loopback hub that serves like huggingface.co. The tiny model copies only
 * the reference's band energies and makes two speech tokens per text token: it proves the
 * reference reaches the voice, the text (prepared per language) sets the length and the loop
 * ends on the model's stop; nothing about how it sounds.
 */
const dir = mkdtempSync(join(tmpdir(), 'voxlate-tiny-chatterbox-'));
let hub: LoopbackHub;
let manager: ModelManager;
let resolver: RegistryResolver;

beforeAll(async () => {
  const published = join(dir, 'published');
  await writeTinyChatterbox(published);
  const files = Object.fromEntries(
    readdirSync(published, { recursive: true })
      .map((name) => join(published, String(name)))
      .filter((path) => statSync(path).isFile())
      .map((path) => [relative(published, path), readFileSync(path)]),
  );
  hub = await startLoopbackHub({ repos: { [CHATTERBOX_MULTILINGUAL.repo]: files } });
  manager = new ModelManager({ root: join(dir, 'models'), hubBase: hub.url, offline: false });
  await manager.add(CHATTERBOX_MULTILINGUAL.id);
  resolver = new RegistryResolver(defaultRegistries(manager));
});
afterAll(async () => {
  await resolver.close();
  await hub.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Chatterbox Multilingual on a tiny model installed from the hub double', () => {
  it('installs every graph with its weights beside it, and clones the nine targets Pocket does not', async () => {
    const folder = manager.folderOf(CHATTERBOX_MULTILINGUAL);
    for (const graph of ['speech_encoder', 'embed_tokens', 'language_model_q4f16', 'conditional_decoder']) {
      expect(existsSync(join(folder, 'onnx', `${graph}.onnx_data`))).toBe(true);
    }
    for (const language of ['fra', 'spa', 'deu', 'ita', 'rus', 'ell', 'cmn', 'jpn', 'kor'] as const) {
      expect((await resolver.voiceCloner(language))?.id).toBe('chatterbox-multilingual');
    }
    // With Pocket TTS absent, English is Chatterbox's too; Cantonese is nobody's.
    expect((await resolver.voiceCloner('eng'))?.id).toBe('chatterbox-multilingual');
    expect(await resolver.voiceCloner('yue')).toBeUndefined();
  });

  it('speaks in the voice of the reference: a low voice gives a low clone, a high one a high clone', async () => {
    const cloner = (await resolver.voiceCloner('fra')) as VoiceCloner;
    const text = 'Bonjour à tous et bienvenue sur la chaîne.';
    const low = await cloner.clone(text, 'fra', { audio: steadyVoice(110) }, {});
    const high = await cloner.clone(text, 'fra', { audio: steadyVoice(240) }, {});
    expect(low.audio.sampleRate).toBe(24000);
    expect(lowBandShare(low.audio, TINY_CHATTERBOX_BANDS_HZ)).toBeGreaterThan(0.8);
    expect(lowBandShare(high.audio, TINY_CHATTERBOX_BANDS_HZ)).toBeLessThan(0.2);
  });

  it('lets the prepared text set the length, ends on the stop token, and repeats a line exactly', async () => {
    const cloner = (await resolver.voiceCloner('cmn')) as VoiceCloner;
    const reference = { audio: steadyVoice(150) };
    // Each Han character becomes its Cangjie code (4-5 tokens); the tiny LM stops after two speech
    // tokens (960 samples each) per text token, so the length says what the prepared text was.
    const chinese = await cloner.clone('你好', 'cmn', reference, {});
    // [START], [zh][cj_o][cj_n][cj_f][cj_.][cj_v][cj_n][cj_d][cj_.], [STOP]
    expect(chinese.audio.samples.length).toBe(2 * (1 + 9 + 1) * 960);
    const again = await cloner.clone('你好', 'cmn', reference, {});
    expect(again.audio.samples).toEqual(chinese.audio.samples);
    const korean = await cloner.clone('안녕', 'kor', reference, {});
    // [ko] and the jamo of two syllables (ㅇㅏㄴ ㄴㅕㅇ), between [START] and [STOP].
    expect(korean.audio.samples.length).toBe(2 * (1 + 1 + 6 + 1) * 960);
  });

  it('refuses a language it does not speak, a reference too short, and stops when cancelled', async () => {
    const cloner = (await resolver.voiceCloner('fra')) as VoiceCloner;
    await expect(cloner.clone('你好', 'yue', { audio: steadyVoice(150) }, {})).rejects.toThrow(EngineUnavailable);
    await expect(cloner.clone('Salut.', 'fra', { audio: steadyVoice(150, 2) }, {})).rejects.toThrow(
      /needs at least 3 s of the speaker's voice; the reference has 2.0 s/,
    );
    const abort = new AbortController();
    abort.abort();
    await expect(cloner.clone('Salut.', 'fra', { audio: steadyVoice(150) }, { signal: abort.signal })).rejects.toThrow(
      Cancelled,
    );
  });

  it('refuses, with the reason, a model whose graph cannot be loaded, and does not load it again per line', async () => {
    const damaged = new ModelManager({ root: join(dir, 'damaged'), hubBase: hub.url, offline: true });
    const folder = damaged.folderOf(CHATTERBOX_MULTILINGUAL);
    await writeTinyChatterbox(folder);
    writeFileSync(join(folder, 'onnx', 'language_model_q4f16.onnx'), 'not a graph');
    await damaged.adopt(CHATTERBOX_MULTILINGUAL.id);
    const cloner = (await new RegistryResolver(defaultRegistries(damaged)).voiceCloner('fra')) as VoiceCloner;
    const first = cloner.clone('Salut.', 'fra', { audio: steadyVoice(150) }, {});
    await expect(first).rejects.toBeInstanceOf(EngineUnavailable);
    await expect(first).rejects.toThrow(/Chatterbox Multilingual could not be loaded \(.+\)\. Check it with/);
    // The same refusal, not a second load.
    await expect(cloner.clone('Salut.', 'fra', { audio: steadyVoice(150) }, {})).rejects.toBe(
      await first.catch((error: unknown) => error),
    );
  });
});
