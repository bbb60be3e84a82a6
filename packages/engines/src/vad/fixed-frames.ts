import { concatSamples, Internal, throwIfAborted, type AudioSource, type EngineContext } from '@voxlate/core';

/**
 * Calls `onFrame` on each consecutive frame of `frameSamples` samples of the 16 kHz analysis
 * audio, streamed chunk by chunk, up to its declared length; returns how many frames it saw.
 * Audio past the declared length is not read: carrying it over would copy an ever-growing
 * remainder on every chunk (quadratic in the excess).
 */
export async function forEachFrame(
  audio: AudioSource,
  frameSamples: number,
  context: EngineContext,
  onFrame: (samples: Float32Array, index: number) => Promise<void> | void,
): Promise<number> {
  if (audio.sampleRate !== ANALYSIS_RATE) {
    throw new Internal(`The VAD needs ${ANALYSIS_RATE} Hz audio, got ${audio.sampleRate} Hz.`);
  }
  const totalFrames = Math.floor((audio.duration * ANALYSIS_RATE) / frameSamples);
  let frame = 0;
  let pending = new Float32Array(0);
  for await (const chunk of audio.chunks(10)) {
    throwIfAborted(context.signal);
    const samples = pending.length === 0 ? chunk : concatSamples([pending, chunk]);
    let offset = 0;
    for (; offset + frameSamples <= samples.length && frame < totalFrames; offset += frameSamples) {
      await onFrame(samples.subarray(offset, offset + frameSamples), frame++);
    }
    context.onProgress?.(frame, totalFrames);
    if (frame >= totalFrames) break;
    pending = samples.slice(offset);
  }
  return frame;
}

/** The analysis audio's rate: every detector here works at it. */
export const ANALYSIS_RATE = 16000;

/** How many whole frames the declared length holds. */
export function framesIn(audio: AudioSource, frameSamples: number): number {
  return Math.floor((audio.duration * ANALYSIS_RATE) / frameSamples);
}
