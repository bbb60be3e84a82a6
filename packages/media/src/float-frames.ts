import { createReadStream } from 'node:fs';

/** Bytes read from disk at a time: about a second of 48 kHz stereo float. */
const READ_BYTES = 1 << 19;

/**
 * Interleaved 32-bit float PCM as whole frames, from a byte stream cut anywhere (a pipe or a
 * file): the bytes of a frame cut between two reads are carried to the next.
 */
export async function* floatFramesOf(
  bytes: AsyncIterable<Uint8Array>,
  channels: number,
): AsyncGenerator<Float32Array, void, undefined> {
  const frameBytes = 4 * channels;
  let carry = Buffer.alloc(0);
  for await (const data of bytes) {
    const joined = carry.length > 0 ? Buffer.concat([carry, data]) : Buffer.from(data);
    const usable = joined.length - (joined.length % frameBytes);
    carry = Buffer.from(joined.subarray(usable));
    if (usable === 0) continue;
    // A copy: the chunk is changed in place downstream, and a Float32Array needs aligned bytes.
    yield new Float32Array(joined.buffer.slice(joined.byteOffset, joined.byteOffset + usable));
  }
}

/** A raw float PCM file (no header) as whole frames, read in parts. */
export function floatFramesOfFile(path: string, channels: number): AsyncGenerator<Float32Array, void, undefined> {
  return floatFramesOf(createReadStream(path, { highWaterMark: READ_BYTES }), channels);
}
