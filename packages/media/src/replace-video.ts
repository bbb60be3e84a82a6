import { rename, rm } from 'node:fs/promises';
import type { EngineContext, VideoFrame, VideoInfo } from '@voxlate/core';
import { argv } from './argv.js';
import { asMediaError } from './media-error.js';
import { startFfmpeg } from './run-ffmpeg.js';
import { colourConversion, uprightSize } from './video-colour.js';

/**
 * x264's speed preset and quality: CRF 17 left the untouched parts of a 720p talking head at
 * 47 dB PSNR against the source's own decode (visually lossless; CRF 20 gave 44 dB), and
 * veryfast kept the whole encode near half real time on two cores (see README, lip sync).
 */
export const LIP_SYNC_ENCODING = { preset: 'veryfast', crf: 17 } as const;

/**
 * Re-encodes `output`'s picture from `frames` (RGB, upright, at `video.fps`) while copying its
 * audio and metadata: written beside it and renamed over it only when complete, so a failure or
 * a cancel leaves the dub as it was. Frames are piped one at a time with backpressure.
 */
export async function replaceVideo(
  output: string,
  video: VideoInfo,
  frames: AsyncIterable<VideoFrame>,
  context: EngineContext,
): Promise<void> {
  const staged = `${output}.lipsync.mp4`;
  try {
    await encodeFrames(output, staged, video, frames, context);
    await rename(staged, output);
  } catch (error) {
    throw asMediaError(error, 'The lip-synced video could not be encoded.');
  } finally {
    await rm(staged, { force: true });
  }
}

async function encodeFrames(
  audioFrom: string,
  staged: string,
  video: VideoInfo,
  frames: AsyncIterable<VideoFrame>,
  context: EngineContext,
): Promise<void> {
  const { width, height } = uprightSize(video);
  const { matrix, range } = colourConversion(video);
  const toYuv = `scale=out_color_matrix=${matrix}:out_range=${range},format=yuv420p`;
  const tags = colourTags(video);
  const encoder = startFfmpeg(
    argv`-f rawvideo -pix_fmt rgb24 -s ${width}x${height} -framerate ${video.fps} -i pipe:0
      -i ${audioFrom} -map 0:v:0 -map 1:a:0 -map_metadata 1 -c:a copy
      -vf ${toYuv} -c:v libx264 -preset ${LIP_SYNC_ENCODING.preset} -crf ${LIP_SYNC_ENCODING.crf}
      ${tags} -movflags +faststart -f mp4 ${staged}`,
    { signal: context.signal },
  );
  const stdin = encoder.child.stdin!;
  try {
    for await (const frame of frames) {
      if (!stdin.write(frame.pixels)) await drained(stdin);
    }
    stdin.end();
    await encoder.done;
  } catch (error) {
    encoder.child.kill('SIGKILL');
    stdin.destroy();
    await encoder.done.catch(() => undefined);
    throw error;
  }
}

/** The source's colour tags, written on the new stream so players show it the same. */
function colourTags(video: VideoInfo): string[] {
  const { space, range, primaries, transfer } = video.colour;
  return [
    ...(space ? ['-colorspace', space] : []),
    ...(range ? ['-color_range', range] : []),
    ...(primaries ? ['-color_primaries', primaries] : []),
    ...(transfer ? ['-color_trc', transfer] : []),
  ];
}

function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error): void => {
      stream.removeListener('drain', done);
      stream.removeListener('error', done);
      stream.removeListener('close', done);
      if (error) reject(error);
      else resolve();
    };
    stream.once('drain', done);
    stream.once('error', done);
    stream.once('close', done);
  });
}
