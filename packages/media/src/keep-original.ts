import { open } from 'node:fs/promises';
import type { PcmFile, TimeSpan } from '@voxlate/core';

/** Bytes copied at a time: memory stays small whatever the file's length. */
const CHUNK_BYTES = 1 << 20;

/**
 * Writes the original's samples over a stem outside `span` (both raw float PCM in one format):
 * a dub of part of a file lays its lines over the separated background inside the part and
 * leaves the original exactly as it was around it.
 */
export async function keepOriginalOutside(stem: PcmFile, original: PcmFile, span: TimeSpan): Promise<void> {
  if (stem.sampleRate !== original.sampleRate || stem.channels !== original.channels) {
    throw new Error('The stem and the original must have one format to copy between them.');
  }
  const frameBytes = 4 * stem.channels;
  const frames = Math.min(stem.frames, original.frames);
  const startFrame = Math.min(frames, Math.max(0, Math.round(span.start * stem.sampleRate)));
  const endFrame = Math.min(frames, Math.max(startFrame, Math.round(span.end * stem.sampleRate)));
  const [from, to] = await Promise.all([open(original.path, 'r'), open(stem.path, 'r+')]);
  try {
    for (const [first, last] of [
      [0, startFrame],
      [endFrame, frames],
    ] as const) {
      const buffer = Buffer.alloc(CHUNK_BYTES - (CHUNK_BYTES % frameBytes));
      for (let at = first * frameBytes; at < last * frameBytes; at += buffer.length) {
        const length = Math.min(buffer.length, last * frameBytes - at);
        const { bytesRead } = await from.read(buffer, 0, length, at);
        await to.write(buffer, 0, bytesRead, at);
      }
    }
  } finally {
    await Promise.all([from.close(), to.close()]);
  }
}
