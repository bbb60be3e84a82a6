import type { FrameRange, VideoFrame, VideoInfo, YuvFrame } from '@voxlate/core';
import { argv } from './argv.js';
import { startFfmpeg } from './run-ffmpeg.js';
import { safeInputArgs } from './safe-input.js';
import { colourConversion, uprightSize, yuvColourOf } from './video-colour.js';

export interface FrameReaderOptions {
  signal?: AbortSignal | undefined;
  /** Only these frames (decoding starts at the first, which keeps its index). */
  range?: FrameRange;
}

/**
 * The first video stream's frames, one at a time, as ffmpeg decodes them (raw RGB through a
 * pipe): upright (ffmpeg applies the rotation), at a constant `video.fps` so that frame i shows
 * the time i / fps, converted with the stream's own colour matrix and range. Only the frame being
 * handed out and the pipe's buffer are in memory, whatever the video's length, and a slow
 * consumer slows the decoder down (the pipe's backpressure). Leaving the loop early or aborting
 * stops ffmpeg.
 */
export async function* readFrames(
  input: string,
  video: VideoInfo,
  options: FrameReaderOptions = {},
): AsyncGenerator<VideoFrame> {
  const { width, height } = uprightSize(video);
  const { matrix, range } = colourConversion(video);
  const filter = `fps=${video.fps},scale=in_color_matrix=${matrix}:in_range=${range},format=rgb24`;
  for await (const { index, pixels, release } of rawFrames(input, video, filter, width * height * 3, options)) {
    yield { index, width, height, pixels, release };
  }
}

/**
 * The same frames as the video stores them: planar 4:2:0 in the stream's own matrix and range
 * (a 10-bit or 4:2:2 source is brought to 8-bit 4:2:0, as the encoder writes it), with the
 * conversion to RGB the analysis's frames were made with, for the few pixels that need RGB.
 */
export async function* readYuvFrames(
  input: string,
  video: VideoInfo,
  options: FrameReaderOptions = {},
): AsyncGenerator<YuvFrame> {
  const { width, height } = uprightSize(video);
  const { range } = colourConversion(video);
  const colour = yuvColourOf(video);
  const filter = `fps=${video.fps},scale=out_range=${range},format=yuv420p`;
  for await (const { index, pixels, release } of rawFrames(input, video, filter, yuv420Bytes(width, height), options)) {
    yield { index, width, height, pixels, colour, release };
  }
}

/** Bytes of a planar 4:2:0 frame: chroma planes at half the size, rounded up. */
export function yuv420Bytes(width: number, height: number): number {
  return width * height + 2 * Math.ceil(width / 2) * Math.ceil(height / 2);
}

interface RawFrame {
  index: number;
  pixels: Uint8Array;
  release: () => void;
}

/** ffmpeg's frames through `filter`, each `frameBytes` long, in recycled buffers. */
async function* rawFrames(
  input: string,
  video: VideoInfo,
  filter: string,
  frameBytes: number,
  options: FrameReaderOptions,
): AsyncGenerator<RawFrame> {
  const first = options.range?.first ?? 0;
  // An input -ss decodes from the keyframe before and drops frames up to the time: exact.
  const seek = first > 0 ? ['-ss', (first / video.fps).toFixed(6)] : [];
  const end = options.range?.end ?? Number.POSITIVE_INFINITY;
  const count = Number.isFinite(end) ? ['-frames:v', String(end - first)] : [];
  const run = startFfmpeg(
    argv`${safeInputArgs()} ${seek} -i ${input} -map 0:v:0 -an -vf ${filter} ${count} -f rawvideo pipe:1`,
    { signal: options.signal, stdoutIsData: true },
  );
  // Awaited after the last frame; marked handled now, so a failure while frames are being
  // handed out is not reported as unhandled before the loop gets to it.
  run.done.catch(() => undefined);
  // Chunks are copied straight into the frame being filled (no concatenation: a 720p frame
  // arrives in some forty pipe chunks), and released frames' pixels are filled again.
  const recycled = new RecycledBuffers(frameBytes);
  let pixels = recycled.take();
  let filled = 0;
  let index = first;
  let finished = false;
  try {
    for await (const chunk of run.child.stdout! as AsyncIterable<Buffer>) {
      let offset = 0;
      while (offset < chunk.length) {
        const take = Math.min(frameBytes - filled, chunk.length - offset);
        pixels.set(chunk.subarray(offset, offset + take), filled);
        filled += take;
        offset += take;
        if (filled < frameBytes) continue;
        yield { index: index++, pixels, release: recycled.releaser(pixels) };
        pixels = recycled.take();
        filled = 0;
      }
    }
    await run.done;
    finished = true;
  } finally {
    if (!finished) {
      run.child.kill('SIGKILL');
      await run.done.catch(() => undefined);
    }
  }
}

/** Frame buffers handed back by consumers, to be filled again (a few at most are kept). */
class RecycledBuffers {
  private readonly free: Uint8Array[] = [];

  constructor(private readonly bytes: number) {}

  take(): Uint8Array {
    return this.free.pop() ?? new Uint8Array(this.bytes);
  }

  /** A release that gives `pixels` back once, however often it is called. */
  releaser(pixels: Uint8Array): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (this.free.length < MAX_FREE_FRAMES) this.free.push(pixels);
    };
  }
}

/** An encoder's pipe holds a frame or two; more free buffers than this would only hold memory. */
const MAX_FREE_FRAMES = 4;
