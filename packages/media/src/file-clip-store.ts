import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Internal, type ClipRef, type ClipStore, type PcmAudio } from '@voxlate/core';

/** Clips as raw float32 files in the job's folder, so long jobs keep little audio in memory. */
export class FileClipStore implements ClipStore {
  private ready: Promise<unknown> | undefined;

  constructor(private readonly dir: string) {}

  async put(key: string, audio: PcmAudio): Promise<ClipRef> {
    this.ready ??= mkdir(this.dir, { recursive: true });
    await this.ready;
    const samples = audio.samples;
    await writeFile(this.pathOf(key), new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
    return { key, sampleRate: audio.sampleRate, duration: samples.length / audio.sampleRate };
  }

  async get(ref: ClipRef): Promise<PcmAudio> {
    const bytes = await readFile(this.pathOf(ref.key)).catch((error: unknown) => {
      throw new Internal(`Clip "${ref.key}" is missing from the job folder.`, String(error));
    });
    const samples = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    return { samples, sampleRate: ref.sampleRate };
  }

  private pathOf(key: string): string {
    if (!/^[\w.-]+$/.test(key)) throw new Internal(`Unsafe clip key "${key}".`);
    return join(this.dir, `${key}.f32`);
  }
}
