// sherpa-onnx-node (CommonJS) ships JSDoc only; these describe the parts we call (speech, resampling, speaker embeddings).
declare module 'sherpa-onnx-node' {
  /** Pocket TTS's five graphs and its SentencePiece vocabulary. */
  interface OfflineTtsPocketModelConfig {
    lmFlow: string;
    lmMain: string;
    encoder: string;
    decoder: string;
    textConditioner: string;
    vocabJson: string;
    tokenScoresJson: string;
    /** Voice embeddings kept by the hash of their reference audio (the encoder runs once per voice). */
    voiceEmbeddingCacheCapacity?: number;
  }

  interface OfflineTtsConfig {
    model: {
      vits?: { model: string; tokens: string; dataDir?: string };
      pocket?: OfflineTtsPocketModelConfig;
      numThreads?: number;
      provider?: 'cpu';
      debug?: boolean;
    };
    maxNumSentences?: number;
  }

  interface GeneratedAudio {
    samples: Float32Array;
    sampleRate: number;
  }

  /** Settings of one generation: zero-shot engines take their reference voice here. */
  class GenerationConfig {
    constructor(options: {
      speed?: number;
      silenceScale?: number;
      numSteps?: number;
      referenceAudio?: Float32Array;
      referenceSampleRate?: number;
      referenceText?: string;
      extra?: Record<string, number | string>;
    });
  }

  interface OfflineTts {
    readonly sampleRate: number;
    readonly numSpeakers: number;
    generateAsync(request: {
      text: string;
      sid?: number;
      speed?: number;
      generationConfig?: GenerationConfig;
    }): Promise<GeneratedAudio>;
  }

  /** Kaldi's windowed-sinc resampler ("linear" in that it is a linear filter). */
  class LinearResampler {
    constructor(inputSampleRate: number, outputSampleRate: number);
    /** The last (or only) chunk: the samples buffered inside come out too. */
    flush(samples: Float32Array): Float32Array;
  }

  /** A stream of audio for one embedding. */
  interface OnlineStream {
    acceptWaveform(audio: { samples: Float32Array; sampleRate: number }): void;
    inputFinished(): void;
  }

  /** Speaker embeddings (3D-Speaker's CAM++ and the like). */
  class SpeakerEmbeddingExtractor {
    constructor(config: { model: string; numThreads?: number; debug?: boolean; provider?: 'cpu' });
    readonly dim: number;
    createStream(): OnlineStream;
    isReady(stream: OnlineStream): boolean;
    compute(stream: OnlineStream): Float32Array;
  }

  const sherpa: {
    OfflineTts: { createAsync(config: OfflineTtsConfig): Promise<OfflineTts> };
    GenerationConfig: typeof GenerationConfig;
    LinearResampler: typeof LinearResampler;
    SpeakerEmbeddingExtractor: typeof SpeakerEmbeddingExtractor;
  };
  export type { OfflineTts, OfflineTtsPocketModelConfig, SpeakerEmbeddingExtractor };
  export default sherpa;
}
