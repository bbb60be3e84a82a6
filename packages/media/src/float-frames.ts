import { createReadStream } from 'node:fs';

/** Bytes read from disk at a time: about a second of 48 kHz stereo float. */
const READ_BYTES = 1 << 19;

/** A byte stream cut anywhere (a pipe or a file) as whole frames: a frame cut between two reads is carried to the next. */
export async function* wholeFrames(
  bytes: AsyncIterable<Uint8Array>,
  frameBytes: number,
): AsyncGenerator<ArrayBuffer, void, undefined> {
  let carry = Buffer.alloc(0);
  for await (const data of bytes) {
    const joined = carry.length > 0 ? Buffer.concat([carry, data]) : Buffer.from(data);
    const usable = joined.length - (joined.length % frameBytes);
    carry = Buffer.from(joined.subarray(usable));
    if (usable === 0) continue;
    // A copy: the samples are changed in place downstream, and typed arrays need aligned bytes.
    yield joined.buffer.slice(joined.byteOffset, joined.byteOffset + usable);
  }
}

/** Interleaved 32-bit float PCM as whole frames. */
export async function* floatFramesOf(
  bytes: AsyncIterable<Uint8Array>,
  channels: number,
): AsyncGenerator<Float32Array, void, undefined> {
  for await (const frames of wholeFrames(bytes, 4 * channels)) yield new Float32Array(frames);
}

/** A raw float PCM file (no header) as whole frames, read in parts. */
export function floatFramesOfFile(path: string, channels: number): AsyncGenerator<Float32Array, void, undefined> {
  return floatFramesOf(createReadStream(path, { highWaterMark: READ_BYTES }), channels);
}
