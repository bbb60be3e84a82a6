import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DUB_OPTIONS, DEFAULT_MIX, type Segment, type Synthesiser } from '@voxlate/core';
import { defaultRegistries, engineSettingsFromEnv } from '@voxlate/engines';
import { ModelManager, SPEAKER_EMBEDDING } from '@voxlate/models';
import { writeTinySpeakerEmbedding } from '@voxlate/tiny-models';
import { Dubber } from './dubber.js';
import { makeLibrivoxWav } from './test/make-media.js';

/**
 * Every dubbed line's check tells a good line from a bad one: Spanish subtitles over real speech
 * dubbed into English, heard back by pocketsphinx. Then the same dub with one line spoken by a
 * deliberately garbled voice (the installed voice played backwards: the same voice and length,
 * no words): that line scores worse than before, and worst of the three.
 * Measured when written: plain 1, 1, 0.6 ("first week of the onions" for "First we cut the
 * onions": WER 0.4); with line 2 garbled 1, 0 (WER 1.83, "redo"), 0.6.
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-line-check-'));
const work = mkdtempSync(join(tmpdir(), 'voxlate-line-check-jobs-'));
let input = '';

const SPANISH =
  '1\n00:00:00,300 --> 00:00:03,200\nBienvenidos de nuevo al canal.\n\n' +
  '2\n00:00:03,500 --> 00:00:06,400\nHoy cocinamos una cena sencilla.\n\n' +
  '3\n00:00:06,700 --> 00:00:09,800\nPrimero cortamos las cebollas.\n';

beforeAll(() => {
  input = makeLibrivoxWav(root);
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

/** The installed English voice, but a line holding `garble` comes out backwards. */
function garbling(voice: Synthesiser, garble: string): Synthesiser {
  return {
    ...voice,
    id: 'garbled',
    name: 'garbled',
    baseVoices: voice.baseVoices?.bind(voice),
    listVoices: voice.listVoices?.bind(voice),
    synthesise: async (text, language, context, settings) => {
      const speech = await voice.synthesise(text, language, context, settings);
      if (!text.includes(garble)) return speech;
      return { ...speech, audio: { ...speech.audio, samples: speech.audio.samples.slice().reverse() } };
    },
  };
}

function offlineDubber(manager = new ModelManager()): {
  dubber: Dubber;
  registries: ReturnType<typeof defaultRegistries>;
} {
  const registries = defaultRegistries(manager, { ...engineSettingsFromEnv(), optedInVoices: [] });
  const dubber = new Dubber({ tempRoot: work, options: DEFAULT_DUB_OPTIONS, dataDir: join(root, 'data') }, registries);
  return { dubber, registries };
}

async function dubWith(name: string, garble?: string, manager?: ModelManager): Promise<Segment[]> {
  const { dubber, registries } = offlineDubber(manager);
  // The installed voice, from a dubber of its own (a resolver keeps the voice it first chose).
  const plain = offlineDubber();
  try {
    if (garble) {
      const voice = await plain.dubber.resolver.synthesiser('eng');
      registries.tts.register({
        id: 'garbled',
        kind: 'offline',
        rank: 999,
        isInstalled: () => Promise.resolve(true),
        load: () => Promise.resolve(garbling(voice, garble)),
      });
    }
    const run = await dubber.dub({
      input,
      output: join(root, `${name}.wav`),
      sourceLanguage: 'spa',
      targetLanguage: 'eng',
      transcript: SPANISH,
      choices: { voice: { mode: 'neutral' } },
      options: { separation: 'off', mix: { ...DEFAULT_MIX, duckDb: 90 } },
    });
    return run.timeline.segments;
  } finally {
    await dubber.close();
    await plain.dubber.close();
  }
}

describe('the check on every dubbed line', () => {
  it('scores a line spoken by a garbled voice worse than the same line spoken plainly, and worst of all', async () => {
    const plain = await dubWith('plain');
    const garbled = await dubWith('garbled', 'dinner');
    for (const segment of plain) {
      expect(segment.check?.intelligibility?.engine).toBe('pocketsphinx');
      expect(segment.check?.fit.verdict).toBeDefined();
    }
    const scores = (segments: Segment[]): number[] => segments.map((segment) => segment.check!.score);
    expect(garbled[1]!.targetText).toContain('dinner');
    expect(garbled[1]!.check!.score).toBeLessThan(plain[1]!.check!.score);
    expect(garbled[1]!.check!.score).toBeLessThan(Math.min(garbled[0]!.check!.score, garbled[2]!.check!.score));
    expect(garbled[1]!.check!.intelligibility!.wordErrorRate).toBeGreaterThan(0.5);
    expect(scores(plain).every((score) => score >= 0.5)).toBe(true);
  }, 240_000);

  it('measures how alike each line sounds to its speaker where a speaker-embedding model is installed', async () => {
    // A tiny CAM++ made by the repo: it proves the measure is taken and reported, not how good it is.
    const manager = new ModelManager({ root: join(root, 'models'), hubBase: 'http://127.0.0.1:9', offline: true });
    await writeTinySpeakerEmbedding(join(manager.folderOf(SPEAKER_EMBEDDING), SPEAKER_EMBEDDING.files[0]!));
    await manager.adopt(SPEAKER_EMBEDDING.id);
    const lines = await dubWith('likeness', undefined, manager);
    for (const segment of lines) {
      const likeness = segment.check!.likeness!;
      expect(likeness.engine).toBe('campplus');
      expect(Math.abs(likeness.similarity)).toBeLessThanOrEqual(1);
      expect(['like the speaker', 'somewhat like the speaker', 'unlike the speaker']).toContain(likeness.verdict);
    }
  }, 240_000);
});
