import { frameColourOf, i420Size, type FrameRange, type VideoFrame, type VideoInfo } from '@voxlate/core';
import { argv } from './argv.js';
import { startFfmpeg } from './run-ffmpeg.js';
import { safeInputArgs } from './safe-input.js';
import { colourRange, uprightSize } from './video-colour.js';

export interface FrameReaderOptions {
  signal?: AbortSignal | undefined;
  /** Only these frames (decoding starts at the first, which keeps its index). */
  range?: FrameRange;
}

/**
 * The first video stream's frames, one at a time, as ffmpeg decodes them (raw I420 through a
 * pipe, the stream's own YUV in its own range: 4:2:0 8-bit video, most of it, is not converted
 * at all): upright (ffmpeg applies the rotation), at a constant `video.fps` so that frame i shows
 * the time i / fps, tagged with the colour matrix and range to read it with. Only the frame being
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
  // Kept in the stream's range (a full-range stream is not squeezed into video range).
  const range = colourRange(video);
  const filter = `fps=${video.fps},scale=in_range=${range}:out_range=${range},format=yuv420p`;
  const colour = frameColourOf(video.colour);
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
  const frameBytes = i420Size(width, height);
  // Chunks are copied straight into the frame being filled (no concatenation: a 720p frame
  // arrives in some twenty pipe chunks).
  let pixels = new Uint8Array(frameBytes);
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
        yield { index: index++, width, height, pixels, colour };
        pixels = new Uint8Array(frameBytes);
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
