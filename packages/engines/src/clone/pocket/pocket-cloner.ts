import { availableParallelism } from 'node:os';
import sherpa, { type OfflineTts } from 'sherpa-onnx-node';
import {
  EngineUnavailable,
  throwIfAborted,
  type CloneControls,
  type EngineContext,
  type LanguageCode,
  type PcmAudio,
  type PhonemeTiming,
  type VoiceCloner,
  type VoiceReference,
} from '@voxlate/core';
import type { ModelManager } from '@voxlate/models';
import { SessionCache } from '../../neural/session-cache.js';
import { byExpressiveness, checkCloneRequest } from '../clone-request.js';
import { ReferencesAtRate } from '../references-at-rate.js';
import { checkPocketVocabulary } from './pocket-vocabulary.js';
import { pocketFiles } from './pocket-files.js';

/** Pocket TTS's rate: Mimi encodes and decodes 24 kHz audio. */
const MODEL_RATE = 24000;
/** Flow steps per latent frame: sherpa-onnx's examples use 5; fewer is faster and rougher. */
const FLOW_STEPS = 5;
/** The sampling temperature of a flat line and of the most expressive one (Pocket's default is 0.7). */
const TEMPERATURE = { flat: 0.5, expressive: 0.9 };

/**
 * Kyutai's Pocket TTS run by sherpa-onnx's native addon: speaks English in the voice of a
 * reference recording (resampled to 24 kHz and encoded once per voice; sherpa-onnx keeps the
 * voice embeddings of recent references). The noise it samples is seeded per line, so a line
 * re-dubbed after an edit keeps its voice. The sessions are loaded on first use and kept.
 */
export class PocketCloner implements VoiceCloner {
  readonly id = 'pocket-tts';
  readonly kind = 'neural' as const;
  readonly name = 'Pocket TTS (Kyutai, sherpa-onnx)';
  readonly languages: readonly LanguageCode[] = ['eng'];
  /** Published: 2.5-6x faster than real time on two laptop cores; the slowest figure, to promise little. */
  readonly speechPerSecond = 2.5;
  /** The model copies a voice from 5-10 s best; sherpa-onnx uses the first 10 s of a longer one. */
  readonly referenceSeconds = { min: 2, max: 10 };
  readonly referenceRate = MODEL_RATE;
  private readonly sessions = new SessionCache<'pocket', OfflineTts>();
  private readonly references = new ReferencesAtRate(MODEL_RATE);

  constructor(private readonly manager: ModelManager) {}

  async clone(
    text: string,
    language: LanguageCode,
    reference: VoiceReference,
    context: EngineContext,
    controls: CloneControls = {},
  ): Promise<{ audio: PcmAudio; phonemes: PhonemeTiming[] }> {
    throwIfAborted(context.signal);
    checkCloneRequest(this, language, reference);
    const tts = await this.sessions.get('pocket', () => this.load());
    const voice = this.references.of(reference.audio);
    const generated = await tts.generateAsync({
      text,
      generationConfig: new sherpa.GenerationConfig({
        referenceAudio: voice.samples,
        referenceSampleRate: voice.sampleRate,
        numSteps: FLOW_STEPS,
        // Pauses stay as the model speaks them: the timing fit shortens what must be shortened.
        silenceScale: 1,
        extra: {
          seed: controls.seed ?? 0,
          temperature: byExpressiveness(TEMPERATURE, controls),
          max_reference_audio_len: this.referenceSeconds.max,
        },
      }),
    });
    throwIfAborted(context.signal);
    if (generated.samples.length === 0) {
      throw new EngineUnavailable(`Pocket TTS made no sound for "${text.slice(0, 60)}" from this reference voice.`);
    }
    return { audio: { samples: generated.samples, sampleRate: generated.sampleRate }, phonemes: [] };
  }

  close(): Promise<void> {
    return this.sessions.close();
  }

  private async load(): Promise<OfflineTts> {
    const files = pocketFiles(this.manager);
    await checkPocketVocabulary(files.vocabJson, files.tokenScoresJson);
    return sherpa.OfflineTts.createAsync({
      model: {
        pocket: { ...files, voiceEmbeddingCacheCapacity: 50 },
        numThreads: availableParallelism(),
        provider: 'cpu',
        debug: false,
      },
      maxNumSentences: 1,
    });
  }
}
