/** Mono PCM samples in [-1, 1]. */
export interface PcmAudio {
  samples: Float32Array;
  sampleRate: number;
}

export function durationOf(audio: PcmAudio): number {
  return audio.samples.length / audio.sampleRate;
}

/**
 * Decoded analysis audio (16 kHz mono) kept outside memory by the media layer; engines read
 * the parts they need instead of holding the whole file.
 */
export interface AudioSource {
  /** Where the audio lives, for engines that run an external program on it. */
  readonly path: string;
  readonly sampleRate: number;
  readonly duration: number;
  /** Samples between two times in seconds. */
  read(start: number, end: number): Promise<Float32Array>;
  /** The whole audio as consecutive chunks, without holding it all in memory. */
  chunks(chunkSeconds: number): AsyncIterable<Float32Array>;
}

/** Joins sample arrays end to end. */
export function concatSamples(parts: readonly Float32Array[]): Float32Array {
  const joined = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
