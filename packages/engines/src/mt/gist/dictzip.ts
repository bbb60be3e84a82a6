import { open, type FileHandle } from 'node:fs/promises';
import { constants, inflateRawSync } from 'node:zlib';

interface Chunks {
  chunkLength: number;
  /** File offset of each compressed chunk, plus one past the last. */
  offsets: number[];
}

/**
 * Random access into a dictzip (.dict.dz) file: a gzip file whose deflate stream is cut
 * into independently inflatable chunks listed in the header's "RA" field. Reading an
 * entry inflates one or two chunks instead of the whole 80 MB dictionary.
 */
export class DictzipReader {
  private constructor(
    private readonly file: FileHandle,
    private readonly chunks: Chunks,
  ) {}

  static async open(path: string): Promise<DictzipReader> {
    const file = await open(path, 'r');
    const header = Buffer.alloc(64 * 1024);
    await file.read(header, 0, header.length, 0);
    return new DictzipReader(file, parseHeader(header, path));
  }

  async read(offset: number, length: number): Promise<string> {
    const { chunkLength, offsets } = this.chunks;
    const first = Math.floor(offset / chunkLength);
    const last = Math.floor((offset + length - 1) / chunkLength);
    const parts: Buffer[] = [];
    for (let chunk = first; chunk <= last && chunk + 1 < offsets.length; chunk++) {
      const size = offsets[chunk + 1]! - offsets[chunk]!;
      const compressed = Buffer.alloc(size);
      await this.file.read(compressed, 0, size, offsets[chunk]);
      parts.push(inflateRawSync(compressed, { finishFlush: constants.Z_SYNC_FLUSH }));
    }
    const start = offset - first * chunkLength;
    return Buffer.concat(parts)
      .subarray(start, start + length)
      .toString('utf8');
  }

  async close(): Promise<void> {
    await this.file.close();
  }
}

function parseHeader(header: Buffer, path: string): Chunks {
  const flags = header[3]!;
  if (header[0] !== 0x1f || header[1] !== 0x8b || !(flags & 0x04)) {
    throw new Error(`${path} is not a dictzip file (no gzip extra field).`);
  }
  const extraLength = header.readUInt16LE(10);
  let position = 12;
  const extraEnd = position + extraLength;
  let chunks: { chunkLength: number; sizes: number[] } | undefined;
  while (position + 4 <= extraEnd) {
    const id = header.toString('latin1', position, position + 2);
    const length = header.readUInt16LE(position + 2);
    if (id === 'RA') chunks = readRandomAccessField(header, position + 4);
    position += 4 + length;
  }
  if (!chunks) throw new Error(`${path} has no dictzip random-access table.`);
  let dataStart = extraEnd;
  if (flags & 0x08) dataStart = header.indexOf(0, dataStart) + 1;
  if (flags & 0x10) dataStart = header.indexOf(0, dataStart) + 1;
  if (flags & 0x02) dataStart += 2;
  const offsets = [dataStart];
  for (const size of chunks.sizes) offsets.push(offsets.at(-1)! + size);
  return { chunkLength: chunks.chunkLength, offsets };
}

function readRandomAccessField(header: Buffer, at: number): { chunkLength: number; sizes: number[] } {
  const chunkLength = header.readUInt16LE(at + 2);
  const count = header.readUInt16LE(at + 4);
  const sizes: number[] = [];
  for (let i = 0; i < count; i++) sizes.push(header.readUInt16LE(at + 6 + 2 * i));
  return { chunkLength, sizes };
}
