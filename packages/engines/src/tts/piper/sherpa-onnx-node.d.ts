// sherpa-onnx-node (CommonJS) ships JSDoc only; these describe the text-to-speech parts we call.
declare module 'sherpa-onnx-node' {
  interface OfflineTtsConfig {
    model: {
      vits: { model: string; tokens: string; dataDir?: string };
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

  interface OfflineTts {
    readonly sampleRate: number;
    readonly numSpeakers: number;
    generateAsync(request: { text: string; sid: number; speed: number }): Promise<GeneratedAudio>;
  }

  const sherpa: {
    OfflineTts: { createAsync(config: OfflineTtsConfig): Promise<OfflineTts> };
  };
  export type { OfflineTts };
  export default sherpa;
}
