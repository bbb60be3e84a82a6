import { open, type FileHandle } from 'node:fs/promises';

/** The broadcast extension's fixed part (EBU Tech 3285, version 1), before its coding history. */
const BEXT_FIXED_BYTES = 602;
/** The bext text fields, their lengths, and where they sit in the chunk. */
const BEXT_FIELDS = [
  { key: 'description', offset: 0, length: 256 },
  { key: 'originator', offset: 256, length: 32 },
  { key: 'originator_reference', offset: 288, length: 32 },
  { key: 'origination_date', offset: 320, length: 10 },
  { key: 'origination_time', offset: 330, length: 8 },
] as const;
const BEXT_VERSION_OFFSET = 346;
/** The LIST INFO entries ffmpeg's WAV muxer writes for these tags. */
const INFO_IDS: Readonly<Record<string, string>> = {
  comment: 'ICMT',
  date: 'ICRD',
  title: 'INAM',
  artist: 'IART',
  copyright: 'ICOP',
  genre: 'IGNR',
};
const WAV_LIMIT_BYTES = 0xffffffff;

/** Whether these tags can all be written by `WavWriter` (as ffmpeg's muxer with `-write_bext 1` would). */
export function wavWriterTakes(tags: Readonly<Record<string, string>>): boolean {
  const bext = new Set<string>([...BEXT_FIELDS.map((field) => field.key), 'coding_history']);
  return Object.keys(tags).every((key) => bext.has(key) || key in INFO_IDS);
}

/** Whether a 16-bit WAV of this many frames fits the RIFF size fields. */
export function wavFits(frames: number, channels: number, headerBytes = 4096): boolean {
  return frames * channels * 2 + headerBytes < WAV_LIMIT_BYTES;
}

/**
 * A 16-bit PCM WAV written from float frames as they come, with the tags in a broadcast
 * extension (bext) and a LIST INFO chunk laid out as ffmpeg's WAV muxer does: a WAV dub needs no
 * encoder process. The sizes are filled in when it is closed.
 */
export class WavWriter {
  private dataBytes = 0;
  private position: number;

  private constructor(
    private readonly file: FileHandle,
    private readonly header: Buffer,
  ) {
    this.position = header.length;
  }

  static async create(
    path: string,
    format: { sampleRate: number; channels: number },
    tags: Readonly<Record<string, string>>,
  ): Promise<WavWriter> {
    const header = headerBytes(format, tags);
    const file = await open(path, 'w');
    try {
      await file.write(header, 0, header.length, 0);
    } catch (error) {
      await file.close();
      throw error;
    }
    return new WavWriter(file, header);
  }

  /** Appends interleaved float frames as 16-bit samples (rounded, clipped at full scale). */
  async write(frames: Float32Array): Promise<void> {
    const samples = new Int16Array(frames.length);
    for (let i = 0; i < frames.length; i++) {
      const scaled = frames[i]! * 32768;
      let value = Math.round(scaled);
      // Halves to even, as ffmpeg's lrintf does, so the samples are the ones it would write.
      if (value - scaled === 0.5 && value % 2 !== 0) value -= 1;
      samples[i] = value > 32767 ? 32767 : value < -32768 ? -32768 : value;
    }
    const bytes = Buffer.from(samples.buffer);
    await this.file.write(bytes, 0, bytes.length, this.position);
    this.position += bytes.length;
    this.dataBytes += bytes.length;
  }

  /** Fills in the RIFF and data sizes and closes the file. */
  async close(): Promise<void> {
    try {
      const sizes = Buffer.alloc(4);
      sizes.writeUInt32LE(this.header.length - 8 + this.dataBytes);
      await this.file.write(sizes, 0, 4, 4);
      sizes.writeUInt32LE(this.dataBytes);
      await this.file.write(sizes, 0, 4, this.header.length - 4);
    } finally {
      await this.file.close();
    }
  }

  /** Stops without finishing the file (the caller removes it with the job's folder). */
  async abandon(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }
}

/** Everything before the samples: RIFF, fmt, bext, LIST INFO, and the data chunk's own header. */
function headerBytes(format: { sampleRate: number; channels: number }, tags: Readonly<Record<string, string>>): Buffer {
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // integer PCM
  fmt.writeUInt16LE(format.channels, 2);
  fmt.writeUInt32LE(format.sampleRate, 4);
  fmt.writeUInt32LE(format.sampleRate * format.channels * 2, 8);
  fmt.writeUInt16LE(format.channels * 2, 12);
  fmt.writeUInt16LE(16, 14);
  const chunks = [chunk('fmt ', fmt), chunk('bext', bextBytes(tags))];
  const info = Object.entries(INFO_IDS).flatMap(([key, id]) => {
    const text = tags[key];
    return text === undefined ? [] : [chunk(id, Buffer.from(`${text}\0`, 'utf8'))];
  });
  if (info.length > 0) chunks.push(chunk('LIST', Buffer.concat([Buffer.from('INFO', 'latin1'), ...info])));
  const dataHeader = Buffer.from('data\0\0\0\0', 'latin1');
  return Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE', 'latin1'), ...chunks, dataHeader]);
}

function bextBytes(tags: Readonly<Record<string, string>>): Buffer {
  const history = tags.coding_history === undefined ? Buffer.alloc(0) : Buffer.from(`${tags.coding_history}\0`, 'utf8');
  const bext = Buffer.alloc(BEXT_FIXED_BYTES + history.length);
  for (const field of BEXT_FIELDS) {
    const text = tags[field.key];
    if (text !== undefined) bext.write(text, field.offset, field.length, 'utf8');
  }
  bext.writeUInt16LE(1, BEXT_VERSION_OFFSET);
  history.copy(bext, BEXT_FIXED_BYTES);
  return bext;
}

/** A RIFF chunk: its id, its size, its bytes, and a pad byte when the size is odd. */
function chunk(id: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 4, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body, Buffer.alloc(body.length % 2)]);
}
