// sherpa-onnx-node (CommonJS) ships JSDoc only; these describe the text-to-speech parts we call.
declare module 'sherpa-onnx-node' {
  interface OfflineTtsConfig {
    model: {
      vits?: { model: string; tokens: string; dataDir?: string };
      pocket?: {
        lmFlow: string;
        lmMain: string;
        encoder: string;
        decoder: string;
        textConditioner: string;
        vocabJson: string;
        tokenScoresJson: string;
        /** Voice embeddings kept by the hash of their reference audio (the encoder runs once per voice). */
        voiceEmbeddingCacheCapacity?: number;
      };
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

  const sherpa: {
    OfflineTts: { createAsync(config: OfflineTtsConfig): Promise<OfflineTts> };
    GenerationConfig: typeof GenerationConfig;
    LinearResampler: typeof LinearResampler;
  };
  export type { OfflineTts };
  export default sherpa;
}
