import { open } from 'node:fs/promises';
import type { PcmAudio, PcmFile } from '@voxlate/core';

const BYTES_PER_SAMPLE = 4;

/**
 * A span of a separated stem (interleaved 32-bit float PCM, no header), mixed down to mono:
 * only the span is read, so a cloned voice's few seconds never load the whole stem.
 */
export async function readStem(stem: PcmFile, start: number, end: number): Promise<PcmAudio> {
  const first = Math.min(stem.frames, Math.max(0, Math.floor(start * stem.sampleRate)));
  const last = Math.min(stem.frames, Math.max(first, Math.floor(end * stem.sampleRate)));
  const frameBytes = BYTES_PER_SAMPLE * stem.channels;
  const buffer = Buffer.alloc((last - first) * frameBytes);
  const handle = await open(stem.path, 'r');
  try {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, first * frameBytes);
    const frames = Math.floor(bytesRead / frameBytes);
    const samples = new Float32Array(frames);
    for (let frame = 0; frame < frames; frame++) {
      let sum = 0;
      for (let channel = 0; channel < stem.channels; channel++) {
        sum += buffer.readFloatLE((frame * stem.channels + channel) * BYTES_PER_SAMPLE);
      }
      samples[frame] = sum / stem.channels;
    }
    return { samples, sampleRate: stem.sampleRate };
  } finally {
    await handle.close();
  }
}
