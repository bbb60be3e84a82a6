import { createWriteStream } from 'node:fs';
import { Cancelled } from '@voxlate/core';
import { finished } from 'node:stream/promises';
import type { FfmpegRun } from './run-ffmpeg.js';
import type { LoudnessMeter } from './loudness-meter.js';
import type { PeakLimiter } from './peak-limiter.js';
import type { WavWriter } from './wav-writer.js';

/** Where the mix goes as it is made, chunk by chunk (interleaved float frames). */
export interface MixSink {
  /** Takes one chunk; resolves when the next may come (the writer has room). */
  write(chunk: Float32Array): Promise<void>;
  /** No more chunks: resolves when all of it is written. */
  close(): Promise<void>;
  /** Something failed: stop at once and let go of the file or process. */
  abort(): void;
  /** Settles when the writing has ended: rejects as soon as the writer fails. */
  done: Promise<void>;
}

/** Hands every chunk to `sink` and closes it; a failure on either side stops both. */
export async function pipeFrames(
  frames: AsyncIterable<Float32Array>,
  sink: MixSink,
  job: { signal: AbortSignal | undefined; onChunk?: (samples: number) => void },
): Promise<void> {
  const pumped = (async () => {
    for await (const chunk of frames) {
      if (job.signal?.aborted) throw new Cancelled();
      await sink.write(chunk);
      job.onChunk?.(chunk.length);
    }
    await sink.close();
  })();
  try {
    await Promise.all([pumped, sink.done]);
  } catch (error) {
    sink.abort();
    await pumped.catch(() => undefined);
    throw error;
  }
}

/** The mix written as raw float PCM, and measured on its way to the file. */
export function meteredFileSink(path: string, meter: LoudnessMeter): MixSink {
  const file = createWriteStream(path);
  const written = finished(file);
  written.catch(() => undefined);
  return {
    async write(chunk) {
      meter.add(chunk);
      if (!file.write(bytesOf(chunk))) await drained(file);
    },
    async close() {
      file.end();
      await written;
    },
    abort() {
      file.destroy();
    },
    done: written,
  };
}

/** The mix limited in the process and encoded by an ffmpeg reading raw float PCM on its input. */
export function limitedEncoderSink(limiter: PeakLimiter, encoder: FfmpegRun): MixSink {
  const input = encoder.child.stdin!;
  const send = async (frames: Float32Array): Promise<void> => {
    if (frames.length > 0 && !input.write(bytesOf(frames))) await drained(input);
  };
  return {
    write: (chunk) => send(limiter.process(chunk)),
    async close() {
      await send(limiter.flush());
      input.end();
      await encoder.done;
    },
    abort() {
      encoder.child.kill('SIGKILL');
      input.destroy();
    },
    done: encoder.done,
  };
}

/** The mix limited in the process and written as a 16-bit WAV by the process itself. */
export function limitedWavSink(limiter: PeakLimiter, writer: WavWriter): MixSink {
  let settle: (error?: Error) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === undefined ? resolve() : reject(error));
  });
  done.catch(() => undefined);
  const guarded = async (work: () => Promise<void>): Promise<void> => {
    try {
      await work();
    } catch (error) {
      settle(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  };
  return {
    write: (chunk) => guarded(() => writer.write(limiter.process(chunk))),
    close: () =>
      guarded(async () => {
        await writer.write(limiter.flush());
        await writer.close();
        settle();
      }),
    abort() {
      void writer.abandon();
      settle();
    },
    done,
  };
}

function bytesOf(frames: Float32Array): Buffer {
  return Buffer.from(frames.buffer, frames.byteOffset, frames.byteLength);
}

/** Waits until the stream wants more, or can take nothing more (closed or failed). */
function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      stream.removeListener('drain', done);
      stream.removeListener('close', done);
      stream.removeListener('error', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', done);
  });
}
