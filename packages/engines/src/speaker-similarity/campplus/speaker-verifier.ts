import { join } from 'node:path';
import sherpa, { type SpeakerEmbeddingExtractor } from 'sherpa-onnx-node';
import { EngineUnavailable, type PcmAudio, type SpeakerLikeness } from '@voxlate/core';
import { SPEAKER_EMBEDDING, type ModelManager } from '@voxlate/models';
import { cosine } from '../cosine.js';

/** Less speech than this says little about a voice (and CAM++ needs some frames to pool). */
const MIN_SECONDS = 0.5;

/**
 * How alike two voices sound to a speaker-verification model: the cosine similarity of their
 * CAM++ embeddings (3D-Speaker, the model the diariser clusters with), the measure zero-shot
 * cloning papers report (0.5-0.7 for same-language clones with the best models). Used by the
 * eval, on each dubbed line against its speaker's own speech.
 */
export class SpeakerVerifier implements SpeakerLikeness {
  readonly id = 'campplus';
  readonly kind = 'neural';
  readonly name = 'CAM++ speaker embedding (3D-Speaker)';
  readonly minSeconds = MIN_SECONDS;

  private constructor(private readonly extractor: SpeakerEmbeddingExtractor) {}

  /** The verifier on the installed CAM++ model, or undefined when it is not installed. */
  static async create(manager: ModelManager): Promise<SpeakerVerifier | undefined> {
    if (!(await manager.isInstalled(SPEAKER_EMBEDDING.id))) return undefined;
    const model = join(manager.folderOf(SPEAKER_EMBEDDING), SPEAKER_EMBEDDING.files[0]!);
    return new SpeakerVerifier(new sherpa.SpeakerEmbeddingExtractor({ model, numThreads: 1, debug: false }));
  }

  /** The voice's embedding (CAM++ reads 16 kHz; sherpa-onnx resamples other rates). */
  embed(audio: PcmAudio): Float32Array {
    const seconds = audio.samples.length / audio.sampleRate;
    if (seconds < MIN_SECONDS) {
      throw new EngineUnavailable(`${seconds.toFixed(2)} s of audio is too short for a speaker embedding.`);
    }
    const stream = this.extractor.createStream();
    stream.acceptWaveform({ samples: audio.samples, sampleRate: audio.sampleRate });
    stream.inputFinished();
    if (!this.extractor.isReady(stream)) {
      throw new EngineUnavailable(`${seconds.toFixed(2)} s of audio is too short for a speaker embedding.`);
    }
    return Float32Array.from(this.extractor.compute(stream));
  }

  /** Cosine similarity of two voices' embeddings, -1 to 1 (1: the same voice). */
  similarity(a: Float32Array, b: Float32Array): number {
    return cosine(a, b);
  }

  /** How alike two stretches of speech sound. */
  likeness(a: PcmAudio, b: PcmAudio): number {
    return this.similarity(this.embed(a), this.embed(b));
  }
}
