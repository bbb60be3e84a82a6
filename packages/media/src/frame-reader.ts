import { argv } from './argv.js';
import { startFfmpeg } from './run-ffmpeg.js';
import { safeInputArgs } from './safe-input.js';

/** One decoded picture: packed RGB, 3 bytes a pixel, rows top to bottom. */
export interface RgbFrame {
  index: number;
  width: number;
  height: number;
  pixels: Uint8Array;
}

export interface FrameReaderOptions {
  /** Scale to this size (a downscaled copy for face detection); the source's size when absent. */
  size?: { width: number; height: number };
  signal?: AbortSignal | undefined;
}

/**
 * The first video stream's frames, one at a time, as ffmpeg decodes them (raw RGB through a
 * pipe): only the frame being handed out and the pipe's buffer are in memory, whatever the
 * video's length, and a slow consumer slows the decoder down (the pipe's backpressure).
 * Leaving the loop early or aborting stops ffmpeg.
 */
export async function* readFrames(
  input: string,
  source: { width: number; height: number },
  options: FrameReaderOptions = {},
): AsyncGenerator<RgbFrame> {
  const { width, height } = options.size ?? source;
  const scale = options.size ? ['-vf', `scale=${width}:${height}:flags=area`] : [];
  const run = startFfmpeg(
    argv`${safeInputArgs()} -i ${input} -map 0:v:0 -an ${scale} -pix_fmt rgb24 -f rawvideo pipe:1`,
    { signal: options.signal, stdoutIsData: true },
  );
  // Awaited after the last frame; marked handled now, so a failure while frames are being
  // handed out is not reported as unhandled before the loop gets to it.
  run.done.catch(() => undefined);
  const frameBytes = width * height * 3;
  let pending: Buffer = Buffer.alloc(0);
  let index = 0;
  let finished = false;
  try {
    for await (const chunk of run.child.stdout!) {
      pending = pending.length > 0 ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer);
      while (pending.length >= frameBytes) {
        yield { index: index++, width, height, pixels: new Uint8Array(pending.subarray(0, frameBytes)) };
        pending = pending.subarray(frameBytes);
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
