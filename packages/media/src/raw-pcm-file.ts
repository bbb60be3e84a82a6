import { open } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { samplesOfPcm16, type AudioSource } from '@voxlate/core';

const BYTES_PER_SAMPLE = 2;

/**
 * Mono signed 16-bit little-endian PCM on disk (no header), read in parts so a 30-minute
 * file never sits whole in memory.
 */
export class RawPcmFile implements AudioSource {
  constructor(
    readonly path: string,
    readonly sampleRate: number,
    readonly duration: number,
  ) {}

  async read(start: number, end: number): Promise<Float32Array> {
    const first = Math.max(0, Math.floor(start * this.sampleRate));
    const last = Math.max(first, Math.floor(end * this.sampleRate));
    const buffer = Buffer.alloc((last - first) * BYTES_PER_SAMPLE);
    const handle = await open(this.path, 'r');
    try {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, first * BYTES_PER_SAMPLE);
      return samplesOfPcm16(buffer.subarray(0, bytesRead - (bytesRead % 2)));
    } finally {
      await handle.close();
    }
  }

  async *chunks(chunkSeconds: number): AsyncIterable<Float32Array> {
    const chunkBytes = Math.max(2, Math.round(chunkSeconds * this.sampleRate) * BYTES_PER_SAMPLE);
    let carry = Buffer.alloc(0);
    for await (const data of createReadStream(this.path, { highWaterMark: chunkBytes })) {
      const bytes = Buffer.concat([carry, data as Buffer]);
      const usable = bytes.length - (bytes.length % 2);
      carry = bytes.subarray(usable);
      yield samplesOfPcm16(bytes.subarray(0, usable));
    }
  }
}
