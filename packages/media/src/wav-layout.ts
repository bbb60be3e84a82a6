import { open } from 'node:fs/promises';

/** Where a RIFF WAV's samples are and how they are stored. */
export interface WavLayout {
  dataOffset: number;
  dataBytes: number;
  /** 1: integer PCM, 3: IEEE float (WAVE_FORMAT_EXTENSIBLE files give their sub-format's). */
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
}

const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
/** Chunks are looked through up to this far: a WAV's header chunks (LIST, bext) are small. */
const HEADER_LIMIT = 1 << 20;

/**
 * The layout of a RIFF WAV file, read from its chunks (fmt, and any LIST or bext before the
 * data); undefined for anything else, or a WAV whose header does not hold together. A data
 * chunk that claims more than the file holds (a WAV written as a stream) ends at the file's end.
 */
export async function wavLayout(path: string): Promise<WavLayout | undefined> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(12);
    await handle.read(head, 0, 12, 0);
    if (head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WAVE') return undefined;
    let format: Omit<WavLayout, 'dataOffset' | 'dataBytes'> | undefined;
    const chunk = Buffer.alloc(8);
    for (let offset = 12; offset + 8 <= Math.min(size, HEADER_LIMIT);) {
      await handle.read(chunk, 0, 8, offset);
      const id = chunk.toString('latin1', 0, 4);
      const length = chunk.readUInt32LE(4);
      if (id === 'fmt ') format = await readFormat(handle, offset + 8, length);
      if (id === 'data') {
        if (!format) return undefined;
        const dataOffset = offset + 8;
        return { ...format, dataOffset, dataBytes: Math.min(length, size - dataOffset) };
      }
      offset += 8 + length + (length % 2);
    }
    return undefined;
  } finally {
    await handle.close();
  }
}

async function readFormat(
  handle: Awaited<ReturnType<typeof open>>,
  at: number,
  length: number,
): Promise<Omit<WavLayout, 'dataOffset' | 'dataBytes'> | undefined> {
  if (length < 16) return undefined;
  const fmt = Buffer.alloc(Math.min(length, 40));
  await handle.read(fmt, 0, fmt.length, at);
  const tag = fmt.readUInt16LE(0);
  const formatTag = tag === WAVE_FORMAT_EXTENSIBLE && fmt.length >= 26 ? fmt.readUInt16LE(24) : tag;
  return {
    formatTag,
    channels: fmt.readUInt16LE(2),
    sampleRate: fmt.readUInt32LE(4),
    bitsPerSample: fmt.readUInt16LE(14),
  };
}
