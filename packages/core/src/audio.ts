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

/** Samples as signed 16-bit little-endian PCM (the wire format of live audio and raw files). */
export function pcm16Of(samples: Float32Array): Buffer {
  const pcm = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    pcm.writeInt16LE(Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), i * 2);
  }
  return pcm;
}

/** Signed 16-bit little-endian PCM as samples in [-1, 1]. */
export function samplesOfPcm16(pcm: Uint8Array): Float32Array {
  const view = new DataView(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const samples = new Float32Array(Math.floor(pcm.byteLength / 2));
  for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true) / 32768;
  return samples;
}
