import { throwIfAborted, type VideoInfo, type YuvFrame } from '@voxlate/core';
import { argv } from './argv.js';
import { startFfmpeg } from './run-ffmpeg.js';
import { uprightSize } from './video-colour.js';

/**
 * x264's speed preset and quality, measured on the untouched parts (PSNR against the source):
 * a real 720p webcam recording came back at 51.3 dB with CRF 17 (52.8 at 14, 49.5 at 20, 47.9
 * at 23; size 220 KB against 142 KB at 20), visually lossless. A blown-up 160x120 clip stays near
 * 42.6 dB whatever the CRF: its RGB round trip alone gave 43.0 when every frame went through RGB
 * (colours outside RGB's gamut clip); the frames now stay YUV, and only a mouth's box is converted.
 * veryfast keeps the encode near half real time at 720p on two cores (see docs/pipeline.md, lip sync).
 */
export const LIP_SYNC_ENCODING = { preset: 'veryfast', crf: 17 } as const;

/** A stretch encoded to be joined with groups of pictures copied from an H.264 source. */
export interface JoinedStretch {
  /** x264's name of the source's profile. */
  profile: string;
  /** The id its SPS and PPS take: one the source does not use, so a decoder keeps both. */
  parameterSetId: number;
}

export interface EncodePictureOptions {
  /** A file whose first audio track, subtitles and metadata go into the output as they are. */
  audioFrom?: string;
  /** The last frame stays on screen this long after the frames end. */
  holdSeconds?: number;
  signal?: AbortSignal | undefined;
  onFrame?: () => void;
  stretch?: JoinedStretch;
}

/**
 * Encodes 4:2:0 frames (upright, at `video.fps`, in the source's matrix and range) to H.264 in
 * MP4 at `target`, tagged with the source's colour. Frames are piped one at a time with
 * backpressure, each handed back once written.
 */
export async function encodePicture(
  frames: AsyncIterable<YuvFrame>,
  target: string,
  video: VideoInfo,
  options: EncodePictureOptions,
): Promise<void> {
  const encoder = startFfmpeg(encoderArgs(target, video, options), { signal: options.signal });
  const stdin = encoder.child.stdin!;
  // Awaited below; marked handled now, so an encoder stopped by a cancel while frames are still
  // being written is not reported as an unhandled rejection before the loop gets to it.
  encoder.done.catch(() => undefined);
  try {
    for await (const frame of frames) {
      // The pipe may hold the pixels until they are written out: only then can they be reused.
      if (!stdin.write(frame.pixels, frame.release)) await drained(stdin);
      options.onFrame?.();
    }
    stdin.end();
    await encoder.done;
  } catch (error) {
    encoder.child.kill('SIGKILL');
    stdin.destroy();
    await encoder.done.catch(() => undefined);
    // A cancel kills the encoder, and the write in flight fails with EPIPE: the cancel is the news.
    throwIfAborted(options.signal);
    throw error;
  }
}

function encoderArgs(target: string, video: VideoInfo, options: EncodePictureOptions): string[] {
  const { width, height } = uprightSize(video);
  const hold = options.holdSeconds ?? 0;
  // The dub runs past the source's end: its last frame stays on screen until the audio ends.
  const held = hold > 0 ? argv`-vf tpad=stop_mode=clone:stop_duration=${hold.toFixed(3)}` : [];
  const audio = options.audioFrom
    ? argv`-i ${options.audioFrom} -map 0:v:0 -map 1:a:0 -map 1:s? -map_metadata 1 -c:a copy -c:s copy`
    : [];
  return [
    // The frames are already 4:2:0 in the source's matrix and range: nothing to convert.
    ...argv`-f rawvideo -pix_fmt yuv420p -s ${width}x${height} -framerate ${video.fps} -i pipe:0 ${audio} ${held}`,
    ...argv`-c:v libx264 -preset ${LIP_SYNC_ENCODING.preset} -crf ${LIP_SYNC_ENCODING.crf} ${stretchArgs(options.stretch)}`,
    ...argv`${colourTags(video)} -movflags +faststart -f mp4 ${target}`,
  ];
}

/**
 * A joined stretch keeps its SPS and PPS in the stream before every keyframe (an `avc3`-style
 * track: the joined file's header holds only one stretch's), under an id of its own, in the
 * source's profile.
 */
function stretchArgs(stretch: JoinedStretch | undefined): string[] {
  if (!stretch) return [];
  return argv`-profile:v ${stretch.profile} -x264-params sps-id=${stretch.parameterSetId}:repeat-headers=1 -tag:v avc3`;
}

/** The source's colour tags, written on the new stream so players show it the same. */
export function colourTags(video: VideoInfo): string[] {
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
