import { open, type FileHandle } from 'node:fs/promises';
import type { PcmFile } from '@voxlate/core';

const BYTES = 4;

/** Reads frames of an interleaved float PCM file by position, as one array per channel. */
export class PcmFileReader {
  private constructor(
    private readonly file: FileHandle,
    readonly pcm: PcmFile,
  ) {}

  static async open(pcm: PcmFile): Promise<PcmFileReader> {
    return new PcmFileReader(await open(pcm.path, 'r'), pcm);
  }

  /** `count` frames from `start`; frames before the start or past the end of the file are silence. */
  async read(start: number, count: number): Promise<Float32Array[]> {
    const { channels, frames } = this.pcm;
    const channelData = Array.from({ length: channels }, () => new Float32Array(count));
    const from = Math.max(start, 0);
    const to = Math.min(start + count, frames);
    if (to <= from) return channelData;
    const bytes = Buffer.alloc((to - from) * channels * BYTES);
    await this.file.read(bytes, 0, bytes.length, from * channels * BYTES);
    const interleaved = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / BYTES);
    for (let i = 0; i < to - from; i++)
      for (let c = 0; c < channels; c++) channelData[c]![from - start + i] = interleaved[i * channels + c]!;
    return channelData;
  }

  close(): Promise<void> {
    return this.file.close();
  }
}

/** Appends frames, given one array per channel, to an interleaved float PCM file. */
export class PcmFileWriter {
  private frames = 0;

  private constructor(
    private readonly file: FileHandle,
    private readonly path: string,
    private readonly sampleRate: number,
    private readonly channels: number,
  ) {}

  static async create(path: string, sampleRate: number, channels: number): Promise<PcmFileWriter> {
    return new PcmFileWriter(await open(path, 'w'), path, sampleRate, channels);
  }

  async append(channelData: readonly Float32Array[], count: number): Promise<void> {
    const interleaved = new Float32Array(count * this.channels);
    for (let i = 0; i < count; i++)
      for (let c = 0; c < this.channels; c++) interleaved[i * this.channels + c] = channelData[c]![i]!;
    await this.file.write(Buffer.from(interleaved.buffer));
    this.frames += count;
  }

  close(): Promise<void> {
    return this.file.close();
  }

  /** What has been written so far. */
  written(): PcmFile {
    return { path: this.path, sampleRate: this.sampleRate, channels: this.channels, frames: this.frames };
  }
}
